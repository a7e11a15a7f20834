// The neighbours bench's report: B's latency alone and beside A's load, and what A was answered.

import type { ProbeAnswer } from '../live/protocol'
import { machine } from '../machine'
import { percentile } from '../web/stats'
import type { LoadCounts } from './heavy-load'

export interface Latency {
  requests: number
  p50: number
  p99: number
  max: number
}

export const latencyOf = (times: number[]): Latency => ({
  requests: times.length,
  p50: percentile(times, 50),
  p99: percentile(times, 99),
  max: Math.max(...times),
})

/** The console's own CPU and memory in each phase, read inside it (process.cpuUsage, memoryUsage). */
export interface ConsoleUse {
  /** Console CPU per status read of B's, with B alone (user + system, all threads). */
  aloneCpuUsPerRequest: number
  /** Console CPU a second while A's load ran beside B's reads. */
  besideCpuMsPerSecond: number
  aloneRssMb: number
  besideRssMb: number
}

const cpuUs = (answer: ProbeAnswer) => answer.cpu.user + answer.cpu.system

/** `seconds`: the phase beside A's load. */
export function consoleUse(
  start: ProbeAnswer,
  aloneEnd: ProbeAnswer,
  besideEnd: ProbeAnswer,
  requests: number,
  seconds: number,
): ConsoleUse {
  return {
    aloneCpuUsPerRequest: (cpuUs(aloneEnd) - cpuUs(start)) / Math.max(1, requests),
    besideCpuMsPerSecond: (cpuUs(besideEnd) - cpuUs(aloneEnd)) / 1000 / Math.max(0.001, seconds),
    aloneRssMb: aloneEnd.memory.rss / 1048576,
    besideRssMb: besideEnd.memory.rss / 1048576,
  }
}

/** The targets of issue 21: B's p99 under A's load within twice its p99 alone, and never past 100 ms. */
export const WITHIN_RATIO = 2
export const WITHIN_MS = 100

export function neighboursReport(options: {
  command: string
  /** The store the console ran on (SQLite or PostgreSQL). */
  store: string
  loadBefore: number
  loadDuring: [number, number] | null
  calls: number
  seconds: number
  exports: number
  searchesPerSecond: number
  alone: Latency
  beside: Latency
  load: LoadCounts
  console: ConsoleUse
}): string {
  const { alone, beside, load, console: use } = options
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const ratio = beside.p99 / alone.p99
  const met = ratio <= WITHIN_RATIO && beside.p99 <= WITHIN_MS
  const answers = Object.entries(load.searchAnswers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
  const during = options.loadDuring
    ? `; during the run ${options.loadDuring[0].toFixed(1)} to ${options.loadDuring[1].toFixed(1)}`
    : ''
  return [
    `# bench:neighbours on ${options.store}: ${options.calls.toLocaleString('en-US')} indexed calls, ${options.seconds} s a phase`,
    '',
    `\`${options.command}\``,
    '',
    `Machine: ${machine(options.loadBefore)}${during}.`,
    '',
    '| B: a call’s status through the console | requests | p50 | p99 | max |',
    '|---|---|---|---|---|',
    `| alone | ${alone.requests} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(alone.max)} |`,
    `| while A exports and floods searches | ${beside.requests} | ${ms(beside.p50)} | ${ms(beside.p99)} | ${ms(beside.max)} |`,
    '',
    `The console: ${use.aloneCpuUsPerRequest.toFixed(0)} µs of CPU per status read with B alone, RSS ${use.aloneRssMb.toFixed(0)} MB;` +
      ` ${use.besideCpuMsPerSecond.toFixed(0)} ms of CPU a second beside A's load, RSS ${use.besideRssMb.toFixed(0)} MB (read inside it, all its threads).`,
    '',
    `B's p99 under A's load: ${ratio.toFixed(2)}× alone (target ≤ ${WITHIN_RATIO}× and ≤ ${WITHIN_MS} ms): ${met ? 'met' : 'NOT met'}.`,
    '',
    `A asked for ${options.exports} exports at once: ${load.exportsAsked} export requests in all, ${load.exportsStreamed} streamed,` +
      ` ${load.exportsRefused} refused with 429 (2 at once per person, 2 more waiting); ${(load.exportBytes / 1e6).toFixed(1)} MB of CSV received.`,
    `A's search flood, ${options.searchesPerSecond} a second whatever the answers: ${load.searchesSent} sent, answered ${answers || 'nothing'}.`,
  ].join('\n')
}
