// One store's part of bench:cluster: the instances started on it (PostgreSQL: `instances` of them; SQLite: one,
// behind nginx with that one upstream, so both parts pay the same hop), the people signed in, their status reads
// for `seconds`, then its lines printed and its figures returned. It stops everything it started, failure or not.
import { readFileSync } from 'node:fs'
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks'
import { buildServer, SERVER_BUILD_DIR } from '../../scripts/build-server'
import { type ClusterPerson, clusterPerson } from '../../server/console/test-support/cluster-person'
import { type ConsoleCluster, startConsoleCluster } from '../../server/console/test-support/console-cluster'
import { simulatorGet } from '../../server/console/test-support/simulator-process'
import type { BenchStore } from '../stores/store-option'
import { transactionsSoFar } from './store-transactions'
import type { StoreFigures } from './stores-line'

export interface ClusterRun {
  store: BenchStore
  people: number
  seconds: number
  instances: number
  /** A folder for each instance's V8 CPU profile (node --cpu-prof), when asked for. */
  profileDir?: string
}

// Linux's clock ticks a second for /proc/<pid>/stat (USER_HZ, 100 on every mainstream build).
const TICKS_PER_SECOND = 100
const cpuSeconds = (pid: number | null) => {
  if (!pid) return 0
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}
const rssMb = (pid: number | null) => {
  if (!pid) return 0
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Math.round(Number(kb) / 1024)
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/** How often the bench's event loop is sampled; each sample's time includes it, and the figures leave it out. */
const LAG_RESOLUTION_MS = 10
/** An event-loop delay histogram's percentile (or its maximum): how late the loop ran, in milliseconds. */
const lagMs = (histogram: IntervalHistogram, p?: number) =>
  Math.max(0, (p === undefined ? histogram.max : histogram.percentile(p)) / 1e6 - LAG_RESOLUTION_MS).toFixed(0)

let built = false
/** Seconds the instances are watched with everyone signed in and nobody reading. */
const IDLE_SECONDS = 3
/**
 * The first seconds of reading, when all the people's first reads arrive at once: their p99 is said apart as well.
 * On a quiet run of 2026-12-07 they held every read over 150 ms, on both stores (PostgreSQL 401 in the first second,
 * SQLite 344, none after the fourth); reading the crowd's sessions in one statement did not shorten them.
 */
const ARRIVAL_SECONDS = 5

export async function runClusterStore(run: ClusterRun, log: (line: string) => void): Promise<StoreFigures> {
  const emails = Array.from({ length: run.people }, (_, i) => `person${i}@bench.test`)
  // The instances run as shipped: the built JavaScript of `npm run build`.
  if (!built) await buildServer()
  built = true
  const instances = run.store === 'sqlite' ? 1 : run.instances
  const cluster = await startConsoleCluster({
    store: run.store,
    entry: [
      ...(run.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${run.profileDir}/${run.store}`] : []),
      `${SERVER_BUILD_DIR}/index.mjs`,
    ],
    instances,
    people: emails.map((email) => ({ email, role: 'support' as const })),
    countUpstream: true,
    // The simulator's own per-account limit (1,200 a minute) would answer 429s: it is the console being measured.
    simulatorEnv: { VOICE_SIM_RATE_LIMIT: '100000000' },
    env: {
      CONSOLE_LOG: 'off',
      CONSOLE_ALERTS: 'off',
      // Each person's pace is well within the default limits; the server's connection cap is raised for the crowd.
      CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: '1000',
    },
  })
  try {
    const figures = await readStatuses(cluster, run, emails, log)
    // A profile is written when the process exits of itself: SIGTERM, not the cluster's SIGKILL.
    if (run.profileDir) await Promise.all(cluster.instances.map((instance) => instance.stop()))
    return figures
  } finally {
    await cluster.stop()
  }
}

async function readStatuses(
  cluster: ConsoleCluster,
  run: ClusterRun,
  emails: string[],
  log: (line: string) => void,
): Promise<StoreFigures> {
  const calls = await simulatorGet<{ calls: { call_id: string }[] }>(cluster.simulator, '/calls?limit=20')
  const callIds = calls.calls.map((call) => call.call_id)
  const signedIn: ClusterPerson[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < emails.length) {
        const person = clusterPerson(cluster.url, emails[next++] ?? '')
        if ((await person.signIn()).status === 200) signedIn.push(person)
      }
    }),
  )
  // What the instances spend with nobody reading (leases, the live feed, the index, timers): part of each read's
  // CPU below, and a larger part the fewer people read.
  const idleBefore = cluster.instances.map((instance) => cpuSeconds(instance.pid))
  await new Promise((done) => setTimeout(done, IDLE_SECONDS * 1000))
  const idleMs = cluster.instances.map(
    (instance, i) => ((cpuSeconds(instance.pid) - (idleBefore[i] ?? 0)) * 1000) / IDLE_SECONDS,
  )
  log(`${run.store}: ${signedIn.length} of ${run.people} people signed in; reading call statuses for ${run.seconds} s`)

  const latencies: number[] = []
  // Those of requests sent once everyone had arrived (ARRIVAL_SECONDS after the first).
  const settled: number[] = []
  const failures = new Map<number, number>()
  const upstreamBefore = cluster.upstream?.seen.length ?? 0
  const onPostgres = run.store === 'postgres'
  const transactionsBefore = onPostgres ? await transactionsSoFar(cluster.databaseUrl) : 0
  const cpuBefore = cluster.instances.map((instance) => cpuSeconds(instance.pid))
  // The bench's own event loop sends every read and times every answer: when it lags, each latency read in that
  // moment includes the lag. Watched apart for the arrival and after it, so that a slow start is not blamed on the
  // console when it is the bench's (all on the same two cores).
  const arrivalLag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS })
  const settledLag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS })
  arrivalLag.enable()
  const arrivalEnds = setTimeout(() => {
    arrivalLag.disable()
    settledLag.enable()
  }, ARRIVAL_SECONDS * 1000)
  const readingFrom = performance.now()
  const started = Date.now()
  const deadline = started + run.seconds * 1000
  await Promise.all(
    signedIn.map(async (person, index) => {
      // Spread over the first second, as people arrive, not in lock-step.
      await new Promise((done) => setTimeout(done, (index * 1000) / signedIn.length))
      const callId = callIds[index % callIds.length]
      while (Date.now() < deadline) {
        const sent = performance.now()
        const answer = await person.request(`/api/v1/voice/calls/${callId}/status`).catch(() => null)
        if (answer?.status === 200) {
          const ms = performance.now() - sent
          latencies.push(ms)
          if (sent - readingFrom >= ARRIVAL_SECONDS * 1000) settled.push(ms)
        } else failures.set(answer?.status ?? 0, (failures.get(answer?.status ?? 0) ?? 0) + 1)
        await new Promise((done) => setTimeout(done, Math.max(0, 1000 - (performance.now() - sent))))
      }
    }),
  )
  clearTimeout(arrivalEnds)
  arrivalLag.disable()
  settledLag.disable()
  const elapsed = (Date.now() - started) / 1000
  const cpu = cluster.instances.map((instance, i) => cpuSeconds(instance.pid) - (cpuBefore[i] ?? 0))
  const transactions = onPostgres ? (await transactionsSoFar(cluster.databaseUrl)) - transactionsBefore : 0
  const upstream = (cluster.upstream?.seen.length ?? 0) - upstreamBefore
  const sorted = latencies.sort((a, b) => a - b)
  const requests = sorted.length + [...failures.values()].reduce((a, b) => a + b, 0)
  const served = cluster.nginx.servedBy()
  const cpuPerReadMs = (cpu.reduce((a, b) => a + b, 0) / Math.max(1, requests)) * 1000
  const p99Ms = percentile(sorted, 0.99)
  log(
    [
      `${run.store}, ${cluster.instances.length} instance${cluster.instances.length === 1 ? '' : 's'} behind nginx:`,
      `status reads: ${sorted.length} answered 200, ${requests - sorted.length} not (${[...failures].map(([s, n]) => `${s}: ${n}`).join(', ') || 'none'}), ${(requests / elapsed).toFixed(0)}/s`,
      `latency through nginx: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${p99Ms.toFixed(1)} ms`,
      `… of the ${settled.length} sent after the first ${ARRIVAL_SECONDS} s, everyone arrived: p99 ${percentile(
        settled.sort((a, b) => a - b),
        0.99,
      ).toFixed(1)} ms`,
      `the bench's own event-loop delay: p99 ${lagMs(arrivalLag, 99)} ms, max ${lagMs(arrivalLag)} ms in the first ${ARRIVAL_SECONDS} s; p99 ${lagMs(settledLag, 99)} ms, max ${lagMs(settledLag)} ms after`,
      `upstream requests: ${(upstream / elapsed).toFixed(1)}/s (the status reads pass through, plus the instances' own)`,
      `CPU per request: ${cpuPerReadMs.toFixed(2)} ms (all instances)`,
      ...(onPostgres
        ? [
            `PostgreSQL transactions: ${(transactions / elapsed).toFixed(0)}/s, ${(transactions / Math.max(1, requests)).toFixed(3)} a read`,
          ]
        : []),
      ...cluster.instances.map(
        (instance, i) =>
          `instance ${i}: ${served.get(`127.0.0.1:${instance.port}`) ?? 0} requests served, CPU ${(cpu[i] ?? 0).toFixed(1)} s (${(idleMs[i] ?? 0).toFixed(0)} ms a second with nobody reading, before), RSS ${rssMb(instance.pid)} MB`,
      ),
    ].join('\n'),
  )
  return { cpuPerReadMs, p99Ms }
}
