// npm run bench:search [-- --calls 1000000 --requests 200 --warm-up 20 --catch-up-calls 20000 --index-rps 1000 --parts search,export,catch-up --store both]
// The call index at a million calls, on loopback only, on each store of --store (SQLite, and PostgreSQL on a
// throw-away cluster holding a row-for-row copy of the same seeded store):
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
import { guardChildren, START_LIMIT_MS } from './child'
import { integerOption } from './integer-option'
import { type ConsoleChild, startConsoleChild } from './live/console-child'
import { measureCatchUp } from './search/catch-up'
import { measureExports } from './search/exports'
import { type CaseLatency, measureCases } from './search/latency'
import { copySeededStoreToPostgres } from './search/postgres-copy'
import { queryCases } from './search/query-cases'
import { searchBenchReport, TARGET_P95_MS, TARGETED } from './search/report'
import { copyStore, seededStore } from './search/seeded-store'
import { type BenchPostgres, startBenchPostgres } from './stores/bench-postgres'
import { type SideBySideRow, type StoreLoads, sideBySide, withLoads } from './stores/side-by-side'
import { type BenchStore, STORE_NAMES, storeOption } from './stores/store-option'

const PARTS = ['search', 'export', 'catch-up'] as const
const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '200' },
    'warm-up': { type: 'string', default: '20' },
    'catch-up-calls': { type: 'string', default: '20000' },
    'index-rps': { type: 'string', default: '1000' },
    parts: { type: 'string', default: PARTS.join(',') },
    store: { type: 'string' },
  },
})
const log = (line: string) => process.stderr.write(`${line}\n`)
const stores = storeOption(values.store, log)
const calls = integerOption('calls', values.calls, 10_000, 2_000_000)
const requests = integerOption('requests', values.requests, 20, 2_000)
const warmUp = integerOption('warm-up', values['warm-up'], 0, 200)
const catchUpCalls = integerOption('catch-up-calls', values['catch-up-calls'], 1_000, 200_000)
// The configuration's own ceiling for CONSOLE_INDEX_RPS.
const indexRps = integerOption('index-rps', values['index-rps'], 1, 1_000)
const parts = values.parts.split(',')
for (const part of parts)
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--parts takes ${PARTS.join(', ')}, not ${part}`)

const command = `npm run bench:search -- --calls ${calls} --requests ${requests} --warm-up ${warmUp} --catch-up-calls ${catchUpCalls} --index-rps ${indexRps} --parts ${parts.join(',')} --store ${stores.length === 2 ? 'both' : stores[0]}`

const dir = mkdtempSync(join(tmpdir(), 'voice-bench-search-'))
// The consoles serve no dashboard (DASHBOARD_DIST): an empty folder of the bench's own.
mkdirSync(join(dir, 'no-dist'))
const running: { console: ConsoleChild | null; sim: SimulatorProcess | null; postgres: BenchPostgres | null } = {
  console: null,
  sim: null,
  postgres: null,
}
/** Every server process this bench starts, the catch-up's too: none may outlive it. */
const children: ChildProcess[] = []

async function stopAll() {
  await running.console?.stop()
  await running.sim?.stop()
  running.console = null
  running.sim = null
  running.postgres?.stop()
  running.postgres = null
  rmSync(dir, { recursive: true, force: true })
}

guardChildren({ bench: 'bench:search', minutes: 40, children: () => children, stopAll })

// The machine is shared: how busy it was during the run goes into the report beside the figures.
const samples: number[] = []
setInterval(() => samples.push(loadavg()[0] ?? 0), 5_000).unref()

interface StoreResults {
  latency: CaseLatency[]
  exports: Awaited<ReturnType<typeof measureExports>> | null
  catchUp: Awaited<ReturnType<typeof measureCatchUp>> | null
  /** PostgreSQL: seconds to copy the seeded store into it; null on SQLite (its copy is a file copy). */
  loadSeconds: number | null
}

/** The console's settings that put its store on PostgreSQL (a database of the bench's cluster), or none. */
async function storeEnv(store: BenchStore, database: string, seededPath?: string): Promise<Record<string, string>> {
  if (store === 'sqlite') return {}
  running.postgres ??= await startBenchPostgres()
  const url = await running.postgres.createDatabase(database)
  if (seededPath) await copySeededStoreToPostgres(seededPath, url, log)
  return { CONSOLE_DATABASE_URL: url }
}

async function runOn(store: BenchStore, seededPath: string): Promise<StoreResults> {
  const results: StoreResults = { latency: [], exports: null, catchUp: null, loadSeconds: null }
  if (parts.includes('search') || parts.includes('export')) {
    // The SQLite copy is what the console opens on SQLite; on PostgreSQL it is only read for the queries.
    const dbPath = copyStore({ path: seededPath, seededSeconds: null }, dir, 'console-search')
    const cases = queryCases(dbPath, warmUp + requests)
    const loadStarted = performance.now()
    if (store === 'postgres') log('Copying the seeded store into PostgreSQL...')
    const env = await storeEnv(store, 'search', seededPath)
    if (store === 'postgres') results.loadSeconds = (performance.now() - loadStarted) / 1000
    // The upstream of the console's sync, which then has nothing new to list: its store holds the account.
    running.sim = await startSimulatorProcess(
      { VOICE_SIM_SEED_CALLS: '0', VOICE_SIM_RATE_LIMIT: '1000000000' },
      START_LIMIT_MS,
    )
    children.push(running.sim.process)
    running.console = await startConsoleChild({
      upstream: running.sim.url,
      apiKey: ACME_KEY,
      dir,
      name: 'console-search',
      env,
    })
    children.push(running.console.process)
    const client = { url: running.console.url, cookie: running.console.cookie }
    if (parts.includes('search')) {
      log(`Search on ${STORE_NAMES[store]}: ${cases.length} kinds of search in turn, ${warmUp + requests} rounds...`)
      results.latency = await measureCases(client, cases, warmUp)
    }
    if (parts.includes('export')) {
      log(`Export on ${STORE_NAMES[store]}: the newest tenth of the calls (twice), then every call (twice)...`)
      const { process: child, probe } = running.console
      results.exports = await measureExports(client, { pid: child.pid ?? 0, collect: () => probe(true) }, dbPath, calls)
    }
    await running.console.stop()
    await running.sim.stop()
    running.console = null
    running.sim = null
    rmSync(dbPath, { force: true })
  }

  if (parts.includes('catch-up')) {
    log(
      `Catch-up on ${STORE_NAMES[store]}: ${catchUpCalls.toLocaleString('en-US')} calls in the simulator, CONSOLE_INDEX_RPS ${indexRps}...`,
    )
    const env = await storeEnv(store, 'catch_up')
    results.catchUp = await measureCatchUp(dir, catchUpCalls, indexRps, (child) => children.push(child), env)
  }
  return results
}

function bothStoresRows(results: Partial<Record<BenchStore, StoreResults>>): SideBySideRow[] {
  const first = Object.values(results)[0]
  const value = (pick: (figures: StoreResults) => string | null) =>
    Object.fromEntries(
      Object.entries(results).map(([store, figures]) => [store, (figures && pick(figures)) ?? 'n/a']),
    ) as SideBySideRow['values']
  const rows: SideBySideRow[] = (first?.latency ?? []).map(({ name }) => {
    const targeted = TARGETED.includes(name)
    return {
      figure: `search p95 (p50), ms: ${name}`,
      values: value(({ latency }) => {
        const row = latency.find((one) => one.name === name)
        if (!row) return null
        const verdict = targeted ? (row.p95 <= TARGET_P95_MS ? ' met' : ' **not met**') : ''
        return `${row.p95.toFixed(1)} (${row.p50.toFixed(1)})${verdict}`
      }),
      target: targeted ? `p95 <= ${TARGET_P95_MS} ms` : '',
    }
  })
  const exportOf = (figures: StoreResults) =>
    figures.exports && typeof figures.exports !== 'string' ? figures.exports : null
  if (first?.exports)
    rows.push(
      {
        figure: 'export of every call, rows/s',
        values: value((figures) => {
          const all = exportOf(figures)?.all
          return all ? Math.round(all.rowsPerSecond).toLocaleString('en-US') : null
        }),
      },
      {
        figure: "export of every call, the console's RSS peak − start",
        values: value((figures) => {
          const all = exportOf(figures)?.all
          return all ? `${(all.rss.peakMb - all.rss.startMb).toFixed(1)} MB` : null
        }),
      },
    )
  if (first?.catchUp)
    rows.push({
      figure: `catch-up of ${catchUpCalls.toLocaleString('en-US')} calls with their details, s`,
      values: value(({ catchUp }) => (catchUp ? catchUp.totalSeconds.toFixed(1) : null)),
    })
  rows.push({
    figure: 'the seeded store copied into PostgreSQL (indexes built, analysed), s',
    values: value(({ loadSeconds }) => (loadSeconds === null ? '' : loadSeconds.toFixed(0))),
  })
  return rows
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const startedAt = Date.now()
  log(`The store with ${calls.toLocaleString('en-US')} indexed calls...`)
  const seeded = await seededStore(calls, log)
  log(seeded.seededSeconds === null ? '  cached' : `  seeded in ${seeded.seededSeconds.toFixed(1)} s`)

  const results: Partial<Record<BenchStore, StoreResults>> = {}
  const loads: Partial<Record<BenchStore, StoreLoads>> = {}
  for (const store of stores) {
    const storeStarted = Date.now()
    const storeLoadBefore = loadavg()[0] ?? 0
    const figures = await withLoads(loads, store, () => runOn(store, seeded.path))
    results[store] = figures
    console.log(
      searchBenchReport({
        command,
        store: STORE_NAMES[store],
        loadBefore: storeLoadBefore,
        loadDuring: samples.length > 0 ? [Math.min(...samples), Math.max(...samples)] : null,
        totalSeconds: (Date.now() - storeStarted) / 1000,
        calls,
        seededSeconds: seeded.seededSeconds,
        warmUp,
        ...figures,
      }),
    )
    console.log('')
    samples.length = 0
  }
  console.log(sideBySide(`Search at ${calls.toLocaleString('en-US')} calls`, stores, bothStoresRows(results), loads))
  log(
    `bench:search: ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all, load average ${loadBefore.toFixed(1)} before`,
  )
}

try {
  await main()
} finally {
  await stopAll()
}
