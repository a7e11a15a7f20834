// npm run bench:api [-- --duration 10 --connections 50 --seed 100000]
// Seeds a temporary database, starts the simulator as a child process and load-tests the hot
// endpoints on loopback with autocannon, next to a bare node:http server as the ceiling.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { CEILING_SERVER, type Child, startChild } from './child'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string', default: '100000' },
    'deep-pages': { type: 'string', default: '1000' },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const KEY = 'sim_demo_key_acme'
const headers = { authorization: `Bearer ${KEY}` }

interface Row {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
  cpuUsPerRequest: number
}

async function load(name: string, server: Child, options: autocannon.Options): Promise<Row> {
  await autocannon({ ...options, connections, duration: 1 }) // warm-up
  const cpuBefore = server.cpuMs()
  const result = await autocannon({ ...options, connections, duration })
  const cpuUsPerRequest = ((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, result.requests.total)
  const errors = result.errors + result.timeouts + result.non2xx
  console.error(`  ${name}: ${Math.round(result.requests.average)} req/s${errors ? `, ${errors} errors` : ''}`)
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    cpuUsPerRequest,
  }
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers })
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** Walks the list to a cursor `pages` default-size pages deep (using pages of 100 to get there faster). */
async function deepCursor(api: string, pages: number): Promise<string> {
  let cursor: string | null = null
  const target = (pages * 50) / 100
  for (let page = 0; page < target; page++) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const body: { next_cursor: string | null } = await json(`${api}/calls?limit=100${query}`)
    if (!body.next_cursor) break
    cursor = body.next_cursor
  }
  if (!cursor) throw new Error('the seeded list is too short for a deep page')
  return cursor
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'voice-bench-'))
  const children: Child[] = []
  try {
    const seedStarted = performance.now()
    const sim = await startChild(['--import', 'tsx', 'server/index.ts'], {
      VOICE_SIM_DB: join(dir, 'bench.sqlite'),
      VOICE_SIM_PORT: '0',
      VOICE_SIM_SEED_CALLS: values.seed,
      VOICE_SIM_LOG: 'off',
      VOICE_SIM_RATE_LIMIT: '1000000000',
    })
    children.push(sim)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const ceiling = await startChild(['-e', CEILING_SERVER], {})
    children.push(ceiling)
    console.error(`Simulator with ${values.seed} seeded calls ready in ${seedSeconds.toFixed(1)} s at ${sim.url}`)

    const api = `${sim.url}/api/v1/voice`
    const first = await json<{ calls: { call_id: string }[] }>(`${api}/calls`)
    const callId = first.calls[0]?.call_id ?? ''
    const cursor = await deepCursor(api, Number(values['deep-pages']))
    const rows: Row[] = []
    rows.push(await load('node:http ceiling (fixed JSON)', ceiling, { url: ceiling.url }))
    rows.push(await load('GET /calls/{id}/status', sim, { url: `${api}/calls/${callId}/status`, headers }))
    rows.push(await load('GET /calls (first page)', sim, { url: `${api}/calls`, headers }))
    rows.push(
      await load(`GET /calls (page ~${values['deep-pages']})`, sim, {
        url: `${api}/calls?cursor=${encodeURIComponent(cursor)}`,
        headers,
      }),
    )
    rows.push(await load('GET /usage', sim, { url: `${api}/usage`, headers }))
    rows.push(
      await load('POST /calls (unique Idempotency-Key)', sim, {
        url: `${api}/calls`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ caller_id: '+14155550100', destination: '+15005550006', record: true }),
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'idempotency-key': randomUUID() },
            }),
          },
        ],
      }),
    )
    const rss = sim.rssMb()
    printReport(rows, rss, seedSeconds)
  } finally {
    for (const child of children) await child.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

function printReport(rows: Row[], rssMb: number, seedSeconds: number) {
  const ceiling = rows[0]?.rps ?? 1
  const firstPage = rows.find((row) => row.name.includes('first page'))
  const deepPage = rows.find((row) => row.name.includes('page ~'))
  console.log(`\n### API benchmark: ${values.seed} seeded calls, ${connections} connections, ${duration} s each\n`)
  const ceilingCpu = rows[0]?.cpuUsPerRequest ?? 1
  console.log('| Endpoint | req/s | p50 ms | p99 ms | req/s vs ceiling | server CPU µs/req | CPU vs ceiling | errors |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    const share = (value: number) => `${(value * 100).toFixed(0)}%`
    console.log(
      `| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${share(row.rps / ceiling)} | ${row.cpuUsPerRequest.toFixed(0)} | ${share(ceilingCpu / row.cpuUsPerRequest)} | ${row.errors} |`,
    )
  }
  if (firstPage && deepPage) {
    console.log(
      `\nDeep page / first page: ${(firstPage.rps / deepPage.rps).toFixed(2)}x by throughput, ${(deepPage.cpuUsPerRequest / firstPage.cpuUsPerRequest).toFixed(2)}x by server CPU per request (target <= 1.2x).`,
    )
  }
  console.log(`Server RSS after the run: ${rssMb.toFixed(0)} MB. Seeding and start-up: ${seedSeconds.toFixed(1)} s.`)
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}.`,
  )
  console.log(
    'CPU µs/req is the server process CPU time divided by requests served: steadier than req/s on a busy machine.',
  )
}

await main()
