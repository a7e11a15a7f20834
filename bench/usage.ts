// npm run bench:usage [-- --calls 1000000 --requests 50 --warm-up 5]
// Every usage breakdown of a 30-day period over a store of --calls indexed calls, over HTTP (p50/p95/max),
// beside a floor measured in the same rounds: the console's own cheapest indexed read. Target: p95 <= 150 ms.
import type { ChildProcess } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
} from '../server/console/test-support/simulator-process'
import { CALL_INDEX_PATHS } from '../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX } from '../src/api/contract/console-schemas'
import {
  type BreakdownResponse,
  USAGE_BREAKDOWN_PATHS,
  type UsageDaysResponse,
} from '../src/api/contract/usage-breakdown-schemas'
import { guardChildren, START_LIMIT_MS } from './child'
import { integerOption } from './integer-option'
import { type ConsoleChild, startConsoleChild } from './live/console-child'
import { SEEDED_UNTIL } from './search/generate-calls'
import { usageStore } from './usage/breakdown-store'
import { type CaseFigures, usageBenchReport } from './usage/report'
import { percentile } from './web/stats'

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '50' },
    'warm-up': { type: 'string', default: '5' },
  },
})
const calls = integerOption('calls', values.calls, 10_000, 2_000_000)
const requests = integerOption('requests', values.requests, 5, 1_000)
const warmUp = integerOption('warm-up', values['warm-up'], 0, 100)
const command = `npm run bench:usage -- --calls ${calls} --requests ${requests} --warm-up ${warmUp}`

const DAY = 24 * 3_600_000
// The seeded year's last 30 days: the period a manager reads most.
const period = {
  from: new Date(SEEDED_UNTIL - 30 * DAY).toISOString(),
  to: new Date(SEEDED_UNTIL).toISOString(),
  tz: 'America/New_York',
}

interface Case {
  name: string
  path: string
  query: Record<string, string>
}

const CASES: Case[] = [
  { name: 'days', path: USAGE_BREAKDOWN_PATHS.days, query: period },
  ...(['person', 'caller_id', 'outcome', 'hour', 'weekday'] as const).map((by) => ({
    name: `by ${by}`,
    path: USAGE_BREAKDOWN_PATHS.breakdown,
    query: { ...period, by },
  })),
  { name: 'by metadata key', path: USAGE_BREAKDOWN_PATHS.breakdown, query: { ...period, by: 'metadata', key: 'team' } },
]
const FLOOR: Case = { name: 'floor', path: CALL_INDEX_PATHS.index, query: {} }

const dir = mkdtempSync(join(tmpdir(), 'voice-bench-usage-'))
mkdirSync(join(dir, 'no-dist'))
const running: { console: ConsoleChild | null; sim: SimulatorProcess | null } = { console: null, sim: null }
const children: ChildProcess[] = []

async function stopAll() {
  await running.console?.stop()
  await running.sim?.stop()
  running.console = null
  running.sim = null
  rmSync(dir, { recursive: true, force: true })
}

guardChildren({ bench: 'bench:usage', minutes: 30, children: () => children, stopAll })
const log = (line: string) => process.stderr.write(`${line}\n`)
const loads: number[] = []
setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000).unref()

/** `/usage/breakdown?by=metadata&key=team`: the request without the period, which every one has. */
function exampleOf({ path, query }: Case): string {
  const own = new URLSearchParams(Object.entries(query).filter(([name]) => name === 'by' || name === 'key'))
  return `\`${path}${own.size > 0 ? `?${own}` : ''}\``
}

async function timed(console: ConsoleChild, testCase: Case) {
  const url = `${console.url}${CONSOLE_PREFIX}${testCase.path}?${new URLSearchParams(testCase.query)}`
  const started = performance.now()
  const res = await fetch(url, { headers: { cookie: console.cookie }, signal: AbortSignal.timeout(30_000) })
  const body = await res.text()
  const ms = performance.now() - started
  if (!res.ok) throw new Error(`${testCase.name} answered ${res.status}: ${body.slice(0, 300)}`)
  return { ms, body: JSON.parse(body) as Partial<UsageDaysResponse & BreakdownResponse> }
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const startedAt = Date.now()
  log(`The store with ${calls.toLocaleString('en-US')} indexed calls and their teams...`)
  const store = await usageStore(calls, log)
  copyFileSync(store.path, join(dir, 'console-usage.sqlite'))
  running.sim = await startSimulatorProcess(
    { VOICE_SIM_SEED_CALLS: '0', VOICE_SIM_RATE_LIMIT: '1000000000' },
    START_LIMIT_MS,
  )
  children.push(running.sim.process)
  running.console = await startConsoleChild({
    upstream: running.sim.url,
    apiKey: ACME_KEY,
    dir,
    name: 'console-usage',
    env: { BENCH_CONSOLE_ROLE: 'manager' },
  })
  children.push(running.console.process)
  const all = [FLOOR, ...CASES]
  const times = all.map(() => [] as number[])
  const answers = all.map(() => ({ rows: 0, calls: 0 }))
  log(`${all.length} kinds of request in turn, ${warmUp + requests} rounds...`)
  for (let round = 0; round < warmUp + requests; round++)
    for (const [index, testCase] of all.entries()) {
      const { ms, body } = await timed(running.console, testCase)
      answers[index] = { rows: body.rows?.length ?? body.days?.length ?? 0, calls: body.totals?.calls ?? 0 }
      if (round >= warmUp) times[index]?.push(ms)
    }
  const figures = all.map((testCase, index): CaseFigures => {
    const own = times[index] ?? []
    return {
      name: testCase.name,
      example: exampleOf(testCase),
      p50: percentile(own, 50),
      p95: percentile(own, 95),
      max: Math.max(...own),
      rows: answers[index]?.rows ?? 0,
      calls: answers[index]?.calls ?? 0,
    }
  })
  const [floor, ...cases] = figures
  // Every breakdown adds up the same calls: a figure of a different period would be a broken bench.
  const periodCalls = cases[0]?.calls ?? 0
  const differing = cases.filter((c) => c.calls !== periodCalls).map((c) => c.name)
  if (differing.length > 0) throw new Error(`${differing.join(', ')} counted other calls than the days`)
  console.log(
    usageBenchReport({
      command,
      loadBefore,
      loadDuring: loads.length > 0 ? [Math.min(...loads), Math.max(...loads)] : null,
      totalSeconds: (Date.now() - startedAt) / 1000,
      calls,
      periodCalls,
      requests,
      warmUp,
      floor: floor as CaseFigures,
      cases,
    }),
  )
}

try {
  await main()
} finally {
  await stopAll()
}
