// npm run bench:neighbours [-- --calls 1000000 --seconds 20 --exports 10 --searches-per-second 20 --search-seconds 60 --tabs 4 --store both --profile <folder>]
// Whether one person's heavy work reaches another's requests, on loopback only: the console runs as its own
// process over a store of --calls indexed calls (bench/search's seeded store; on PostgreSQL a row-for-row copy
// of it on a throw-away cluster), in front of the simulator, once on each store of --store.
//   1. person B reads a call's status through the console's voice proxy, one request after another, alone;
//   2. the same, for as long again, while person A asks for --exports CSV exports of every call at once
//      (A's cap lets 2 stream and 2 wait for them; the rest get 429 and ask again after Retry-After) and floods
//      searches.
//   3. person B searches as a manager does (a number fragment, a ticket id), within a person's pace, for
//      --search-seconds alone;
//   4. the same, for as long again, while A floods searches of the most terms a search takes from --tabs tabs.
// B's p50/p99 in each pair of phases, their ratio (the floor is the phase alone, in the same run), and what A was
// answered. Its figures are in README.md.
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
import type { CallSearchQuery } from '../src/api/contract/call-index-schemas'
import { API_PREFIX, type ListCallsResponse } from '../src/api/contract/schemas'
import { guardChildren, START_LIMIT_MS } from './child'
import { integerOption } from './integer-option'
import { type ConsoleChild, startConsoleChild } from './live/console-child'
import { startHeavyLoad } from './neighbours/heavy-load'
import { addPersonA, PERSON_A, signIn } from './neighbours/people'
import { startPolling } from './neighbours/poller'
import { consoleUse, latencyOf, neighboursReport, WITHIN_MS, WITHIN_RATIO } from './neighbours/report'
import { startOrdinarySearches, startSearchFlood } from './neighbours/search-flood'
import { SEARCH_WITHIN_RATIO, type SearchPhase, searchPhaseReport, searchVerdict } from './neighbours/search-report'
import { copySeededStoreToPostgres } from './search/postgres-copy'
import { queryCases } from './search/query-cases'
import { copyStore, type SeededStore, seededStore } from './search/seeded-store'
import { type BenchPostgres, startBenchPostgres } from './stores/bench-postgres'
import { type StoreLoads, sideBySide, withLoads } from './stores/side-by-side'
import { type BenchStore, STORE_NAMES, storeOption } from './stores/store-option'

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '20' },
    exports: { type: 'string', default: '10' },
    'searches-per-second': { type: 'string', default: '20' },
    'search-seconds': { type: 'string', default: '60' },
    tabs: { type: 'string', default: '4' },
    store: { type: 'string' },
    profile: { type: 'string' },
  },
})
const log = (line: string) => process.stderr.write(`${line}\n`)
const stores = storeOption(values.store, log)
const calls = integerOption('calls', values.calls, 1_000, 2_000_000)
const seconds = integerOption('seconds', values.seconds, 1, 600)
const exports = integerOption('exports', values.exports, 1, 100)
const searchesPerSecond = integerOption('searches-per-second', values['searches-per-second'], 1, 1_000)
const searchSeconds = integerOption('search-seconds', values['search-seconds'], 1, 600)
const tabs = integerOption('tabs', values.tabs, 1, 50)
const command = `npm run bench:neighbours -- --calls ${calls} --seconds ${seconds} --exports ${exports} --searches-per-second ${searchesPerSecond} --search-seconds ${searchSeconds} --tabs ${tabs} --store ${stores.length === 2 ? 'both' : stores[0]}`

const dir = mkdtempSync(join(tmpdir(), 'voice-bench-neighbours-'))
// The console serves no dashboard (DASHBOARD_DIST): an empty folder of the bench's own.
mkdirSync(join(dir, 'no-dist'))
const running: { console: ConsoleChild | null; sim: SimulatorProcess | null; postgres: BenchPostgres | null } = {
  console: null,
  sim: null,
  postgres: null,
}
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

guardChildren({ bench: 'bench:neighbours', minutes: 20, children: () => children, stopAll })

const loads: number[] = []
setInterval(() => loads.push(loadavg()[0] ?? 0), 2_000).unref()
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The console's store: a copy of the seeded file, or the same rows copied into a database of the bench's cluster. */
async function storeFor(
  store: BenchStore,
  seeded: SeededStore,
): Promise<{ location: string; env: Record<string, string> }> {
  const dbPath = copyStore(seeded, dir, 'console-neighbours')
  if (store === 'sqlite') return { location: dbPath, env: {} }
  rmSync(dbPath)
  running.postgres ??= await startBenchPostgres()
  const url = await running.postgres.createDatabase('neighbours')
  log('Copying the seeded store into PostgreSQL...')
  await copySeededStoreToPostgres(seeded.path, url, log)
  return { location: url, env: { CONSOLE_DATABASE_URL: url } }
}

async function runOn(store: BenchStore, seeded: SeededStore) {
  const { location, env } = await storeFor(store, seeded)
  await addPersonA(location)
  // The same rows on both stores: the seeded file is where the queries are drawn from.
  const cases = queryCases(seeded.path, 50)
  const queries = cases.flatMap((testCase) => testCase.queries)
  // A manager's ordinary searches: a number remembered in part, a ticket id.
  const ordinary = cases
    .filter((testCase) => testCase.name === 'number fragment' || testCase.name === 'metadata value')
    .flatMap((testCase) => testCase.queries)

  running.sim = await startSimulatorProcess(
    { VOICE_SIM_SEED_CALLS: '3', VOICE_SIM_RATE_LIMIT: '1000000000' },
    START_LIMIT_MS,
  )
  children.push(running.sim.process)
  running.console = await startConsoleChild({
    upstream: running.sim.url,
    apiKey: ACME_KEY,
    dir,
    name: 'console-neighbours',
    // A is held to the defaults a person gets: 2 exports at once, 120 of these requests a minute.
    env: { CONSOLE_QUERY_RATE_LIMIT: '120', CONSOLE_EXPORTS_PER_PERSON: '2', ...env },
    profileDir: values.profile ? join(values.profile, store) : undefined,
  })
  children.push(running.console.process)
  const { url, cookie: cookieB } = running.console
  const cookieA = await signIn(url, PERSON_A)
  const list = await fetch(`${url}${API_PREFIX}/calls?limit=1`, { headers: { cookie: cookieB } })
  const callId = ((await list.json()) as ListCallsResponse).calls[0]?.call_id
  if (!callId) throw new Error('the simulator listed no call for B to poll')

  log(`${STORE_NAMES[store]}: B alone, ${seconds} s of status reads...`)
  const poller = startPolling(url, cookieB, callId)
  // Untimed: the first requests open connections and compile code.
  await pause(1_000)
  poller.lap()
  const started = await running.console.probe(false)
  await pause(seconds * 1000)
  const alone = latencyOf(poller.lap())
  const aloneEnd = await running.console.probe(false)
  log(
    `${STORE_NAMES[store]}: B beside A, ${exports} exports at once and ${searchesPerSecond} searches a second, ${seconds} s...`,
  )
  const load = startHeavyLoad({ url, cookie: cookieA, exports, searchesPerSecond, queries })
  await pause(seconds * 1000)
  const beside = latencyOf(poller.lap())
  const besideEnd = await running.console.probe(false)
  const counts = await load.stop()
  await poller.stop()
  // The console sees A's connections close and ends its streams before the searches begin.
  await pause(1_000)
  const search = await searchPhases(url, cookieA, cookieB, ordinary, STORE_NAMES[store])
  await running.console.stop()
  await running.sim.stop()
  running.console = null
  running.sim = null
  return {
    alone,
    beside,
    load: counts,
    console: consoleUse(started, aloneEnd, besideEnd, alone.requests, seconds),
    search,
  }
}

/** Phases 3 and 4: B's ordinary searches alone, then beside A's flood of many-term searches. */
async function searchPhases(
  url: string,
  cookieA: string,
  cookieB: string,
  ordinary: CallSearchQuery[],
  storeName: string,
): Promise<SearchPhase> {
  log(`${storeName}: B's ordinary searches alone, ${searchSeconds} s...`)
  const searcher = startOrdinarySearches(url, cookieB, ordinary)
  // Untimed: the readers start and the first queries warm the caches.
  await pause(2_000)
  searcher.lap()
  await pause(searchSeconds * 1000)
  const alone = latencyOf(searcher.lap())
  log(
    `${storeName}: B's ordinary searches beside A's flood of many-term searches from ${tabs} tabs, ${searchSeconds} s...`,
  )
  const flood = startSearchFlood({ url, cookie: cookieA, tabs })
  await pause(searchSeconds * 1000)
  const beside = latencyOf(searcher.lap())
  const floodCounts = await flood.stop()
  await searcher.stop()
  return { alone, beside, flood: floodCounts, bRefused: searcher.refused() }
}

async function main() {
  log(`The store with ${calls.toLocaleString('en-US')} indexed calls...`)
  const seeded = await seededStore(calls, log)
  const results: Partial<Record<BenchStore, Awaited<ReturnType<typeof runOn>>>> = {}
  const storeLoads: Partial<Record<BenchStore, StoreLoads>> = {}
  for (const store of stores) {
    const loadBefore = loadavg()[0] ?? 0
    loads.length = 0
    const figures = await withLoads(storeLoads, store, () => runOn(store, seeded))
    results[store] = figures
    console.log(
      neighboursReport({
        command,
        store: STORE_NAMES[store],
        loadBefore,
        loadDuring: loads.length > 0 ? [Math.min(...loads), Math.max(...loads)] : null,
        calls,
        seconds,
        exports,
        searchesPerSecond,
        ...figures,
      }),
    )
    console.log('')
    console.log(searchPhaseReport(figures.search, { seconds: searchSeconds, tabs }))
    console.log('')
  }
  const value = (pick: (figures: Awaited<ReturnType<typeof runOn>>) => string) =>
    Object.fromEntries(Object.entries(results).map(([store, figures]) => [store, figures ? pick(figures) : 'n/a']))
  const ms = (n: number) => n.toFixed(1)
  console.log(
    sideBySide(
      `Neighbours at ${calls.toLocaleString('en-US')} calls`,
      stores,
      [
        {
          figure: "B's status read alone (the floor), p50 / p99 ms",
          values: value(({ alone }) => `${ms(alone.p50)} / ${ms(alone.p99)}`),
        },
        {
          figure: "B's status read beside A's exports and searches, p50 / p99 ms",
          values: value(({ beside }) => `${ms(beside.p50)} / ${ms(beside.p99)}`),
        },
        {
          figure: "B's p99 beside A ÷ B's p99 alone",
          values: value(({ alone, beside }) => `${(beside.p99 / alone.p99).toFixed(2)}×`),
          target: `≤ ${WITHIN_RATIO}× and ≤ ${WITHIN_MS} ms`,
        },
        {
          figure: "A's exports streamed (refused with 429)",
          values: value(({ load }) => `${load.exportsStreamed} (${load.exportsRefused})`),
        },
        {
          figure: "A's searches answered 200 of those sent",
          values: value(({ load }) => `${load.searchAnswers['200'] ?? 0} of ${load.searchesSent}`),
        },
        {
          figure: "B's ordinary search alone (the floor), p50 / p99 ms",
          values: value(({ search }) => `${ms(search.alone.p50)} / ${ms(search.alone.p99)}`),
        },
        {
          figure: `B's ordinary search beside A's many-term flood (${tabs} tabs), p50 / p99 ms`,
          values: value(({ search }) => `${ms(search.beside.p50)} / ${ms(search.beside.p99)}`),
        },
        {
          figure: "B's search p99 beside A's flood ÷ alone",
          values: value(({ search }) => searchVerdict(search)),
          target: `≤ ${SEARCH_WITHIN_RATIO}×`,
        },
        {
          figure: "A's many-term searches: 200 / 429 / 503 of those sent",
          values: value(
            ({ search }) =>
              `${search.flood.answers['200'] ?? 0} / ${search.flood.answers['429'] ?? 0} / ${search.flood.answers['503'] ?? 0} of ${search.flood.sent}`,
          ),
        },
      ],
      storeLoads,
    ),
  )
}

try {
  await main()
} finally {
  await stopAll()
}
