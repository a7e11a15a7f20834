// npm run bench:search [-- --calls 1000000 --requests 200 --warm-up 20 --catch-up-calls 20000 --index-rps 1000 --parts search,export,catch-up]
// The call index at a million calls, on loopback only:
//   1. search latency over HTTP (p50/p95/max) for a number fragment, a metadata value, a combined
//      filter, a broad term and a next page, on a store seeded once (cached) with --calls calls;
//   2. the CSV export of every call: rows a second, and the console's RSS while it streams;
//   3. how fast an empty index catches up with a simulator of --catch-up-calls calls.
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  ACME_KEY,
  type SimulatorProcess,
  startSimulatorProcess,
} from '../server/console/test-support/simulator-process'
import { guardChildren } from './child'
import { integerOption } from './integer-option'
import { type ConsoleChild, startConsoleChild } from './live/console-child'
import { measureCatchUp } from './search/catch-up'
import { measureExports } from './search/exports'
import { type CaseLatency, measureCases } from './search/latency'
import { queryCases } from './search/query-cases'
import { searchBenchReport } from './search/report'
import { copyStore, seededStore } from './search/seeded-store'

const PARTS = ['search', 'export', 'catch-up'] as const
const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '200' },
    'warm-up': { type: 'string', default: '20' },
    'catch-up-calls': { type: 'string', default: '20000' },
    'index-rps': { type: 'string', default: '1000' },
    parts: { type: 'string', default: PARTS.join(',') },
  },
})
const calls = integerOption('calls', values.calls, 10_000, 2_000_000)
const requests = integerOption('requests', values.requests, 20, 2_000)
const warmUp = integerOption('warm-up', values['warm-up'], 0, 200)
const catchUpCalls = integerOption('catch-up-calls', values['catch-up-calls'], 1_000, 200_000)
// The configuration's own ceiling for CONSOLE_INDEX_RPS.
const indexRps = integerOption('index-rps', values['index-rps'], 1, 1_000)
const parts = values.parts.split(',')
for (const part of parts)
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--parts takes ${PARTS.join(', ')}, not ${part}`)

const command = `npm run bench:search -- --calls ${calls} --requests ${requests} --warm-up ${warmUp} --catch-up-calls ${catchUpCalls} --index-rps ${indexRps} --parts ${parts.join(',')}`

const dir = mkdtempSync(join(tmpdir(), 'voice-bench-search-'))
// The consoles serve no dashboard (DASHBOARD_DIST): an empty folder of the bench's own.
mkdirSync(join(dir, 'no-dist'))
const running: { console: ConsoleChild | null; sim: SimulatorProcess | null } = { console: null, sim: null }
/** Every server process this bench starts, the catch-up's too: none may outlive it. */
const children: ChildProcess[] = []

async function stopAll() {
  await running.console?.stop()
  await running.sim?.stop()
  running.console = null
  running.sim = null
  rmSync(dir, { recursive: true, force: true })
}

guardChildren({ bench: 'bench:search', minutes: 40, children: () => children, stopAll })

const log = (line: string) => process.stderr.write(`${line}\n`)

// The machine is shared: how busy it was during the run goes into the report beside the figures.
const loads: number[] = []
setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000).unref()

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const startedAt = Date.now()
  log(`The store with ${calls.toLocaleString('en-US')} indexed calls...`)
  const seeded = await seededStore(calls, log)
  log(seeded.seededSeconds === null ? '  cached' : `  seeded in ${seeded.seededSeconds.toFixed(1)} s`)

  const latency: CaseLatency[] = []
  let exports: Awaited<ReturnType<typeof measureExports>> | null = null
  if (parts.includes('search') || parts.includes('export')) {
    const dbPath = copyStore(seeded, dir, 'console-search')
    const cases = queryCases(dbPath, warmUp + requests)
    // The upstream of the console's sync, which then has nothing new to list: its store holds the account.
    running.sim = await startSimulatorProcess({ VOICE_SIM_SEED_CALLS: '0', VOICE_SIM_RATE_LIMIT: '1000000000' })
    children.push(running.sim.process)
    running.console = await startConsoleChild({
      upstream: running.sim.url,
      apiKey: ACME_KEY,
      dir,
      name: 'console-search',
    })
    children.push(running.console.process)
    const client = { url: running.console.url, cookie: running.console.cookie }
    if (parts.includes('search')) {
      log(`Search: ${cases.length} kinds of search in turn, ${warmUp + requests} rounds...`)
      latency.push(...(await measureCases(client, cases, warmUp)))
    }
    if (parts.includes('export')) {
      log('Export: the newest tenth of the calls (twice), then every call (twice)...')
      const { process: child, probe } = running.console
      exports = await measureExports(client, { pid: child.pid ?? 0, collect: () => probe(true) }, dbPath, calls)
    }
    await running.console.stop()
    await running.sim.stop()
    running.console = null
    running.sim = null
  }

  let catchUp: Awaited<ReturnType<typeof measureCatchUp>> | null = null
  if (parts.includes('catch-up')) {
    log(`Catch-up: ${catchUpCalls.toLocaleString('en-US')} calls in the simulator, CONSOLE_INDEX_RPS ${indexRps}...`)
    catchUp = await measureCatchUp(dir, catchUpCalls, indexRps, (child) => children.push(child))
  }

  console.log(
    searchBenchReport({
      command,
      loadBefore,
      loadDuring: loads.length > 0 ? [Math.min(...loads), Math.max(...loads)] : null,
      totalSeconds: (Date.now() - startedAt) / 1000,
      calls,
      seededSeconds: seeded.seededSeconds,
      warmUp,
      latency,
      exports,
      catchUp,
    }),
  )
}

try {
  await main()
} finally {
  await stopAll()
}
