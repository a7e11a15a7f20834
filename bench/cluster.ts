// npm run bench:cluster [-- --people 500 --seconds 60 --instances 2]
// Many signed-in people on two console instances behind nginx (the shipped deploy/nginx/console.conf), on
// one throw-away PostgreSQL, in front of the real simulator through a counting proxy; loopback only, and it
// stops by itself. Each person reads a call's status through the console once a second, as a call page does.
// Reports p50/p99 of those reads, the upstream request rate, CPU per request and memory of each instance.
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { buildServer, SERVER_BUILD_DIR } from '../scripts/build-server'
import { type ClusterPerson, clusterPerson } from '../server/console/test-support/cluster-person'
import { clusterMissing, startConsoleCluster } from '../server/console/test-support/console-cluster'
import { simulatorGet } from '../server/console/test-support/simulator-process'
import { integerOption } from './integer-option'

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    instances: { type: 'string', default: '2' },
  },
})
const people = integerOption('people', values.people, 1, 2_000)
const seconds = integerOption('seconds', values.seconds, 1, 600)
const instanceCount = integerOption('instances', values.instances, 1, 8)

const missing = clusterMissing()
if (missing) {
  console.error(`bench:cluster needs nginx and PostgreSQL: ${missing}`)
  process.exit(1)
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

const emails = Array.from({ length: people }, (_, i) => `person${i}@bench.test`)
// The instances run as shipped: the built JavaScript of `npm run build`.
await buildServer()
const cluster = await startConsoleCluster({
  entry: [`${SERVER_BUILD_DIR}/index.mjs`],
  instances: instanceCount,
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
let stopped = false
const stop = async () => {
  if (stopped) return
  stopped = true
  await cluster.stop()
}
process.on('SIGINT', () => void stop().then(() => process.exit(130)))
try {
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
  console.log(`${signedIn.length} of ${people} people signed in; reading call statuses for ${seconds} s`)

  const latencies: number[] = []
  const failures = new Map<number, number>()
  const upstreamBefore = cluster.upstream?.seen.length ?? 0
  const cpuBefore = cluster.instances.map((instance) => cpuSeconds(instance.pid))
  const started = Date.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    signedIn.map(async (person, index) => {
      // Spread over the first second, as people arrive, not in lock-step.
      await new Promise((done) => setTimeout(done, (index * 1000) / signedIn.length))
      const callId = callIds[index % callIds.length]
      while (Date.now() < deadline) {
        const sent = performance.now()
        const answer = await person.request(`/api/v1/voice/calls/${callId}/status`).catch(() => null)
        if (answer?.status === 200) latencies.push(performance.now() - sent)
        else failures.set(answer?.status ?? 0, (failures.get(answer?.status ?? 0) ?? 0) + 1)
        await new Promise((done) => setTimeout(done, Math.max(0, 1000 - (performance.now() - sent))))
      }
    }),
  )
  const elapsed = (Date.now() - started) / 1000
  const cpu = cluster.instances.map((instance, i) => cpuSeconds(instance.pid) - (cpuBefore[i] ?? 0))
  const upstream = (cluster.upstream?.seen.length ?? 0) - upstreamBefore
  const sorted = latencies.sort((a, b) => a - b)
  const requests = sorted.length + [...failures.values()].reduce((a, b) => a + b, 0)
  const served = cluster.nginx.servedBy()
  console.log(
    [
      `npm run bench:cluster -- --people ${people} --seconds ${seconds} --instances ${instanceCount}`,
      `load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
      `status reads: ${sorted.length} answered 200, ${requests - sorted.length} not (${[...failures].map(([s, n]) => `${s}: ${n}`).join(', ') || 'none'}), ${(requests / elapsed).toFixed(0)}/s`,
      `latency through nginx: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
      `upstream requests: ${(upstream / elapsed).toFixed(1)}/s (the status reads pass through, plus the instances' own)`,
      `CPU per request: ${((cpu.reduce((a, b) => a + b, 0) / Math.max(1, requests)) * 1000).toFixed(2)} ms (all instances)`,
      ...cluster.instances.map(
        (instance, i) =>
          `instance ${i}: ${served.get(`127.0.0.1:${instance.port}`) ?? 0} requests served, CPU ${(cpu[i] ?? 0).toFixed(1)} s, RSS ${rssMb(instance.pid)} MB`,
      ),
    ].join('\n'),
  )
} finally {
  await stop()
}
