// npm run bench:live [-- --window 10 --viewers 200 --calls 20 --latency-calls 40 --idle 1000 --rps 50 --store both
//   --across-calls 40 --across-only]
// The console's live status hub (server/console/live/) under load, on loopback only, once on each store of
// --store (PostgreSQL: a database a console on a throw-away cluster; the hub's work is the same): the console
// server runs as its own process (memory and CPU are its own) in front of a counting proxy in
// front of the simulator, and this process is every viewer (plain node:http SSE streams).
//   1. upstream requests a second with 1, 10 and N viewers of the same live calls (and with the
//      default budget), against what per-tab polling would send;
//   2. latency from a status change in a call's stored plan to the `call` event at a stream;
//   3. console memory with many idle streams, and CPU per event fanned out;
//   4. on PostgreSQL, across two instances on one database: a call placed on one to its event on the other's
//      stream, with the live tables read on a timer and with PostgreSQL's notices (across-instances.ts).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConsoleConfig } from '../server/console/config'
import { type CountingUpstream, startCountingUpstream } from '../server/console/test-support/counting-upstream'
import { ACME_KEY } from '../server/console/test-support/simulator-process'
import { guardChildren } from './child'
import { integerOption } from './integer-option'
import { measureAcrossInstances } from './live/across-instances'
import { type AcrossRun, acrossReport } from './live/across-report'
import { type ConsoleChild, startConsoleChild } from './live/console-child'
import { measureIdleMemory } from './live/idle-memory'
import { measureLatency } from './live/latency'
import { liveBenchReport } from './live/report'
import { type BenchSimulator, startBenchSimulator } from './live/simulator'
import { measureUpstreamRate, type RateWindow, SHORTEST_ANSWERED_MS } from './live/upstream-rate'
import { type BenchPostgres, startBenchPostgres } from './stores/bench-postgres'
import { type SideBySideRow, type StoreLoads, sideBySide, withLoads } from './stores/side-by-side'
import { type BenchStore, STORE_NAMES, storeOption } from './stores/store-option'
import { percentile } from './web/stats'

const { values } = parseArgs({
  options: {
    window: { type: 'string', default: '10' },
    viewers: { type: 'string', default: '200' },
    calls: { type: 'string', default: '20' },
    'latency-calls': { type: 'string', default: '40' },
    idle: { type: 'string', default: '1000' },
    rps: { type: 'string', default: '50' },
    store: { type: 'string' },
    'across-calls': { type: 'string', default: '40' },
    // Part 4 alone, on PostgreSQL: the minutes of the other three are not spent.
    'across-only': { type: 'boolean', default: false },
  },
})
const acrossOnly = values['across-only'] === true
const stores = acrossOnly
  ? storeOption('postgres', () => {})
  : storeOption(values.store, (line) => process.stderr.write(`${line}\n`))
const windowSeconds = integerOption('window', values.window, 5, 60)
// The most viewers of the same calls, and the board viewers of the latency phase; the hub serves at most 200
// viewers per call id (LiveLimits.viewersPerCall).
const viewers = integerOption('viewers', values.viewers, 10, 200)
// A stream watches at most 20 call ids (MAX_WATCHED_CALLS).
const calls = integerOption('calls', values.calls, 1, 20)
const latencyCalls = integerOption('latency-calls', values['latency-calls'], 5, 200)
// The console server accepts at most 1,000 connections (server.maxConnections).
const idle = integerOption('idle', values.idle, 10, 1_000)
const rps = integerOption('rps', values.rps, 1, 1_000)
const acrossCalls = integerOption('across-calls', values['across-calls'], 3, 1_000)
const ACROSS_SPACING_MS = 100

const defaults = loadConsoleConfig({}).live
const WARM_UP_MS = 2_500
// Four windows (1, 10, N viewers, then the default budget), each after a warm-up, plus opening streams.
const rateSpanMs = 4 * (WARM_UP_MS + windowSeconds * 1000) + 8_000
// Slow enough that every call to the answering number outlives the four windows.
const rateSpeed = Math.min(1, Math.floor((100 * SHORTEST_ANSWERED_MS) / rateSpanMs) / 100)
const LATENCY_SPEED = 1
const LATENCY_SPACING_MS = 400

const command = acrossOnly
  ? `npm run bench:live -- --across-only --across-calls ${acrossCalls}`
  : `npm run bench:live -- --window ${windowSeconds} --viewers ${viewers} --calls ${calls} --latency-calls ${latencyCalls} --idle ${idle} --rps ${rps} --store ${stores.length === 2 ? 'both' : stores[0]} --across-calls ${acrossCalls}`

const dir = mkdtempSync(join(tmpdir(), 'voice-bench-live-'))
// The consoles serve no dashboard (DASHBOARD_DIST): an empty folder of the bench's own.
mkdirSync(join(dir, 'no-dist'))
const simulators: BenchSimulator[] = []
const consoles: ConsoleChild[] = []
const proxies: CountingUpstream[] = []
let postgres: BenchPostgres | null = null

/** The servers of one store's part; the next part starts its own. */
async function stopServers() {
  await Promise.allSettled(consoles.splice(0).map((child) => child.stop()))
  await Promise.allSettled(proxies.splice(0).map((proxy) => proxy.close()))
  await Promise.allSettled(simulators.splice(0).map((sim) => sim.stop()))
}

async function stopAll() {
  await stopServers()
  postgres?.stop()
  postgres = null
  rmSync(dir, { recursive: true, force: true })
}

guardChildren({
  bench: 'bench:live',
  minutes: 10,
  children: () => [...consoles.map((c) => c.process), ...simulators.map((s) => s.sim.process)],
  stopAll,
})

/** A console's store settings: its own SQLite file in `dir` (none needed), or a database on the bench's cluster. */
async function storeEnv(store: BenchStore, name: string): Promise<Record<string, string>> {
  if (store === 'sqlite') return {}
  postgres ??= await startBenchPostgres()
  return { CONSOLE_DATABASE_URL: await postgres.createDatabase(name.replace('-', '_')) }
}

async function runOn(store: BenchStore) {
  const loadBefore = loadavg()[0] ?? 0
  const startedAt = Date.now()
  process.stderr.write(
    `${STORE_NAMES[store]}: starting two simulators (speeds ${rateSpeed} and ${LATENCY_SPEED}) and three consoles...\n`,
  )
  const [rateSim, latencySim] = await Promise.all([
    startBenchSimulator(dir, 'sim-rate', rateSpeed),
    startBenchSimulator(dir, 'sim-latency', LATENCY_SPEED),
  ])
  simulators.push(rateSim, latencySim)
  const [rateProxy, defaultProxy, latencyProxy] = await Promise.all([
    startCountingUpstream(rateSim.sim.url),
    startCountingUpstream(rateSim.sim.url),
    startCountingUpstream(latencySim.sim.url),
  ])
  proxies.push(rateProxy, defaultProxy, latencyProxy)
  const budget = { CONSOLE_UPSTREAM_RPS: String(rps) }
  const [rateStore, defaultStore, latencyStore] = [
    await storeEnv(store, `${store}-rate`),
    await storeEnv(store, `${store}-default`),
    await storeEnv(store, `${store}-latency`),
  ]
  const [rateConsole, defaultConsole, latencyConsole] = await Promise.all([
    startConsoleChild({
      upstream: rateProxy.url,
      apiKey: ACME_KEY,
      dir,
      name: `${store}-rate`,
      env: { ...budget, ...rateStore },
    }),
    // Nothing else set: the configuration's defaults.
    startConsoleChild({
      upstream: defaultProxy.url,
      apiKey: ACME_KEY,
      dir,
      name: `${store}-default`,
      env: defaultStore,
    }),
    startConsoleChild({
      upstream: latencyProxy.url,
      apiKey: ACME_KEY,
      dir,
      name: `${store}-latency`,
      env: { ...budget, ...latencyStore },
    }),
  ])
  consoles.push(rateConsole, defaultConsole, latencyConsole)

  process.stderr.write(`Memory: ${idle} idle streams...\n`)
  const memory = await measureIdleMemory(latencyConsole, idle, 5_000)
  process.stderr.write(`Latency: ${latencyCalls} calls, ${viewers} board viewers...\n`)
  const latency = await measureLatency(latencyConsole, latencySim, latencyProxy.seen, {
    calls: latencyCalls,
    spacingMs: LATENCY_SPACING_MS,
    boardViewers: viewers,
  })
  process.stderr.write(`Upstream rate: ${calls} live calls...\n`)
  const rate = await measureUpstreamRate(
    rateConsole,
    { place: rateSim.place, planOf: rateSim.planOf, seen: rateProxy.seen },
    {
      calls,
      levels: [1, 10, viewers],
      warmUpMs: WARM_UP_MS,
      windowMs: windowSeconds * 1000,
      budget: rps,
      defaultBudget: {
        app: defaultConsole,
        setup: { place: rateSim.place, planOf: rateSim.planOf, seen: defaultProxy.seen },
        budget: defaults.upstreamRps,
        viewers: 10,
      },
    },
  )
  await stopServers()
  const results = { rate, latency, memory }
  console.log(
    liveBenchReport({
      command,
      store: STORE_NAMES[store],
      loadBefore,
      totalSeconds: (Date.now() - startedAt) / 1000,
      pollMs: defaults.pollMs,
      rps,
      rateSpeed,
      latencySpeed: LATENCY_SPEED,
      latencySpacingMs: LATENCY_SPACING_MS,
      rate,
      latency,
      memory,
    }),
  )
  console.log('')
  return results
}

function bothStoresRows(results: Partial<Record<BenchStore, Awaited<ReturnType<typeof runOn>>>>): SideBySideRow[] {
  const value = (pick: (figures: Awaited<ReturnType<typeof runOn>>) => string) =>
    Object.fromEntries(Object.entries(results).map(([store, figures]) => [store, figures ? pick(figures) : 'n/a']))
  const perSecond = (window: RateWindow | undefined) => (window ? window.statusPerSecond + window.listsPerSecond : 0)
  const ms = (n: number) => n.toFixed(0)
  const transitions = (figures: Awaited<ReturnType<typeof runOn>>) =>
    figures.latency.transitions.map((transition) => transition.latencyMs)
  return [
    {
      figure: `upstream req/s with 1 and ${viewers} viewers of ${calls} live calls (${viewers} ÷ 1, the floor)`,
      values: value(({ rate }) => {
        const [first, last] = [rate.windows[0], rate.windows.at(-1)]
        return `${perSecond(first).toFixed(1)} / ${perSecond(last).toFixed(1)} (${(perSecond(last) / perSecond(first)).toFixed(2)}×)`
      }),
      target: 'flat: ≤ 1.1×',
    },
    {
      figure: "a status change to its stream's `call` event, median / p95 ms",
      values: value(
        (figures) => `${ms(percentile(transitions(figures), 50))} / ${ms(percentile(transitions(figures), 95))}`,
      ),
    },
    {
      figure: `… at the last of ${viewers} board viewers, median / p95 ms`,
      values: value(
        ({ latency }) => `${ms(percentile(latency.lastViewerMs, 50))} / ${ms(percentile(latency.lastViewerMs, 95))}`,
      ),
    },
    {
      figure: `console RSS per idle stream (${idle} streams), KB`,
      values: value(({ memory }) =>
        ((memory.after.rss - memory.before.rss) / (memory.connections - 1) / 1024).toFixed(1),
      ),
    },
    {
      figure: 'console CPU per `call` event fanned out, µs',
      values: value(({ latency }) => ((latency.cpuMs * 1000) / latency.eventsDelivered).toFixed(1)),
    },
  ]
}

/** Two instances on one new database: the timed read first, then the notices, each with its own consoles. */
async function runAcross(): Promise<AcrossRun[]> {
  const sim = await startBenchSimulator(dir, 'sim-across', LATENCY_SPEED)
  simulators.push(sim)
  const runs: AcrossRun[] = []
  for (const delivery of ['table read', 'notices'] as const) {
    const loadBefore = loadavg()[0] ?? 0
    const name = `across_${delivery === 'notices' ? 'notices' : 'timed'}`
    process.stderr.write(`Across two instances, ${delivery}: ${acrossCalls} calls...
`)
    const env = {
      ...(await storeEnv('postgres', name)),
      CONSOLE_LIVE_NOTICES: delivery === 'notices' ? 'on' : 'off',
      // The hop through the store is measured, not the budget: no call's first poll waits for a request.
      CONSOLE_UPSTREAM_RPS: '1000',
    }
    // One after the other: the second finds the first's migrations and the bench's person done.
    for (const instance of ['a', 'b'])
      consoles.push(
        await startConsoleChild({ upstream: sim.sim.url, apiKey: ACME_KEY, dir, name: `${name}-${instance}`, env }),
      )
    const [a, b] = consoles.slice(-2)
    if (!a || !b) throw new Error('two consoles expected')
    const figures = await measureAcrossInstances(a, b, {
      calls: acrossCalls,
      spacingMs: ACROSS_SPACING_MS,
      callerId: sim.callerId,
    })
    await Promise.allSettled(consoles.splice(-2).map((child) => child.stop()))
    runs.push({ delivery, loadBefore, figures })
  }
  await stopServers()
  return runs
}

async function main() {
  const results: Partial<Record<BenchStore, Awaited<ReturnType<typeof runOn>>>> = {}
  const loads: Partial<Record<BenchStore, StoreLoads>> = {}
  if (!acrossOnly) {
    for (const store of stores) results[store] = await withLoads(loads, store, () => runOn(store))
    console.log(sideBySide('Live status hub', stores, bothStoresRows(results), loads))
  }
  // Several instances share a store on PostgreSQL only (SQLite is one instance's).
  if (stores.includes('postgres')) {
    console.log('')
    console.log(acrossReport(command, await runAcross(), ACROSS_SPACING_MS))
  }
}

try {
  await main()
} finally {
  await stopAll()
}
