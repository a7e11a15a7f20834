// The report of `npm run bench:live`: machine, command, and every figure beside its target.
import { machine } from '../machine'
import { median, percentile } from '../web/stats'
import type { IdleMemoryFigures } from './idle-memory'
import type { LatencyFigures } from './latency'
import type { RateWindow, UpstreamRateFigures } from './upstream-rate'

export interface LiveBenchResults {
  command: string
  /** The store the consoles ran on (SQLite or PostgreSQL). */
  store: string
  loadBefore: number
  totalSeconds: number
  pollMs: number
  rps: number
  rateSpeed: number
  latencySpeed: number
  latencySpacingMs: number
  rate: UpstreamRateFigures
  latency: LatencyFigures
  memory: IdleMemoryFigures
}

const met = (ok: boolean) => (ok ? 'met' : '**not met**')
const int = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => (Number.isFinite(value) ? `${int(value)} ms` : 'n/a')
const fixed = (value: number, digits = 2) => value.toFixed(digits)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const perSecond = (window: RateWindow) => window.statusPerSecond + window.listsPerSecond

function rateTable({ rate, pollMs, rps }: LiveBenchResults): string[] {
  const row = (window: RateWindow, target: string) => {
    const total = perSecond(window)
    const perTab = window.viewers * window.liveCalls * (1000 / pollMs)
    return [
      '',
      window.viewers,
      window.budget,
      fixed(window.liveCalls, 1),
      `${window.statusPolls} + ${window.lists}`,
      `**${fixed(total, 1)}** (${fixed(window.statusPerSecond, 1)} + ${fixed(window.listsPerSecond, 1)})`,
      fixed(total / window.liveCalls),
      `${ms(window.meanGapMs)} / ${ms(window.longestGapMs)}`,
      int(perTab),
      fixed(total / perTab, 3),
      fixed(window.cpuMsPerSecond, 1),
      target,
      '',
    ]
      .join(' | ')
      .trim()
  }
  const first = rate.windows[0]
  const last = rate.windows.at(-1)
  const flat = first && last ? perSecond(last) / perSecond(first) : Number.NaN
  const seconds = (first?.windowMs ?? 0) / 1000
  return [
    `| viewers | budget req/s | live calls | requests in the ${fixed(seconds, 1)} s window: status + lists | upstream req/s: status + lists | per live call a second | time between polls of a call: mean / longest | per-tab polling would send, req/s | hub / per-tab | console CPU ms/s | target |`,
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rate.windows.map((window) => {
      const ceiling = 1.2 * window.liveCalls * (1000 / pollMs)
      return row(window, `<= ${fixed(ceiling, 1)}/s (1.2 × live calls): ${met(perSecond(window) <= ceiling)}`)
    }),
    row(
      rate.defaultBudget,
      `the configuration's default budget: each call is polled every ${fixed(rate.defaultBudget.meanGapMs / 1000, 1)} s, not ${fixed(pollMs / 1000, 1)} s`,
    ),
    '',
    `Flat in viewers: ${last?.viewers} viewers cause ${fixed(flat)}× the requests of 1 viewer (target: flat, at most 1.1×): ${met(flat <= 1.1)}. Budget (CONSOLE_UPSTREAM_RPS) ${rps} for the first rows; the last row is a second console in front of the same calls with the default budget.`,
    `The calls' plans end ${fixed(rate.endsAfterLastWindowMs / 1000, 1)} s after the last window at the earliest; the last window ended ${fixed(rate.spanMs / 1000, 1)} s after they were placed${rate.spanMs > 59_000 ? ' (past a minute in flight the hub polls a call every two intervals: poll-delay.ts)' : ' (within their first minute, when the hub polls them every interval)'}.`,
  ]
}

function latencyTable({ latency, pollMs, rate }: LiveBenchResults): string[] {
  const target = pollMs + 250
  const values = latency.transitions.map((transition) => transition.latencyMs)
  const p95 = percentile(values, 95)
  const kinds = new Map<string, number>()
  for (const { from, to } of latency.transitions) kinds.set(`${from} → ${to}`, (kinds.get(`${from} → ${to}`) ?? 0) + 1)
  const measured = [...kinds].map(([kind, count]) => `${count} × ${kind}`).join(', ')
  const perEventUs = (latency.cpuMs * 1000) / latency.eventsDelivered
  // Polling's own cost, from the window with the most viewers (no events there): CPU per upstream request.
  const busiest = rate.windows.at(-1)
  const perRequestMs = busiest ? busiest.cpuMsPerSecond / perSecond(busiest) : 0
  const fanOutUs = ((latency.cpuMs - perRequestMs * latency.upstreamRequests) * 1000) / latency.eventsDelivered
  return [
    "| latency: the plan's transition to the `call` event read | median | p95 | max | target |",
    '|---|---:|---:|---:|---|',
    `| at the call's own stream (\`?call_id=\`) | ${ms(median(values))} | ${ms(p95)} | ${ms(Math.max(...values))} | p95 <= ${ms(target)} (poll ${pollMs} ms + 250 ms): ${met(p95 <= target)} |`,
    `| at the last of the ${latency.boardViewers} board viewers | ${ms(median(latency.lastViewerMs))} | ${ms(percentile(latency.lastViewerMs, 95))} | ${ms(Math.max(...latency.lastViewerMs))} | |`,
    '',
    `${values.length} transitions (${measured || 'none'}); ${latency.mismatches} statuses the plan does not explain (expected 0); ${latency.missedByBoard} transitions some board viewer did not get (expected 0).`,
    `CPU per event fanned out: ${fixed(perEventUs, 1)} µs (console CPU ${int(latency.cpuMs)} ms over ${fixed(latency.phaseMs / 1000, 1)} s, ${int(latency.eventsDelivered)} \`call\` events delivered, ${int(latency.upstreamRequests)} upstream requests in the same time); about ${fixed(fanOutUs, 1)} µs without polling's share (${fixed(perRequestMs, 2)} ms of CPU per upstream request, from the ${busiest?.viewers}-viewer window above).`,
  ]
}

function memoryTable({ memory }: LiveBenchResults): string[] {
  const added = memory.connections - 1
  const row = (name: string, pick: (usage: NodeJS.MemoryUsage) => number, target: string) => {
    const delta = pick(memory.after) - pick(memory.before)
    return `| ${name} | ${mb(pick(memory.before))} | ${mb(pick(memory.after))} | ${kb(delta / added)} | ${mb(pick(memory.closed))} | ${target} |`
  }
  // The larger of what the process holds and what JavaScript holds: the heap can grow into pages RSS already counts.
  const perStream =
    Math.max(
      memory.after.rss - memory.before.rss,
      memory.after.heapUsed + memory.after.external - memory.before.heapUsed - memory.before.external,
    ) / added
  return [
    `| console memory after a full GC | 1 stream | ${int(memory.connections)} streams | per stream | all closed | target |`,
    '|---|---:|---:|---:|---:|---|',
    row(
      'RSS',
      (usage) => usage.rss,
      `<= 50 KB per stream (the larger of RSS and heap + external): ${met(perStream <= 50 * 1024)}`,
    ),
    row('V8 heap used', (usage) => usage.heapUsed, ''),
    row('external (Buffers, ArrayBuffers)', (usage) => usage.external, ''),
    '',
    `Opening ${int(added)} streams (50 at a time, each until its snapshot) took ${fixed(memory.openMs / 1000, 1)} s; idle, the console used ${fixed(memory.idleCpuMsPerSecond, 1)} ms of CPU a second.`,
  ]
}

export function liveBenchReport(results: LiveBenchResults): string {
  const date = new Date().toISOString().slice(0, 10)
  return [
    `### Live status hub benchmark on ${results.store}, ${date}`,
    '',
    `Machine: ${machine(results.loadBefore)}. Whole run ${fixed(results.totalSeconds, 0)} s.`,
    `Command: \`${results.command}\`: the console server as its own process (\`startConsole\`, run with --expose-gc; memory and CPU read inside it over IPC), a counting proxy, the simulator; every viewer a node:http SSE stream from this process, all on 127.0.0.1. Poll interval ${results.pollMs} ms (the default).`,
    '',
    `Upstream requests (simulator speed ${results.rateSpeed}, so every call to +15005550006 stays in flight through the windows; counted at the proxy):`,
    '',
    ...rateTable(results),
    '',
    `Latency (calls to +15005550002 placed every ${results.latencySpacingMs} ms, simulator speed ${results.latencySpeed}):`,
    '',
    ...latencyTable(results),
    '',
    'Idle streams (board only, no call in flight):',
    '',
    ...memoryTable(results),
  ].join('\n')
}
