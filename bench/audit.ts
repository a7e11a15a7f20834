// npm run bench:audit [-- --writes 5000 --calls 300 --lookups 20000 --store both]
// The audit trail's cost on each store of --store (SQLite: a file in a temporary folder, WAL, as in production;
// PostgreSQL: a database on a throw-away cluster, the append under its advisory lock): appends a second, one
// writer and 20 at once; session lookups a second, 1 caller and 20, against a `select 1` floor of the same run;
// then the time a placed call spends on its audit entry, measured inside the console in front of the real
// simulator (on loopback only). Ends with one table of both stores.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type AuditEvent, type AuditLog, createAuditLog } from '../server/console/audit/audit-log'
import { verifyAuditTrail } from '../server/console/audit/verify'
import { openStore } from '../server/console/store'
import { createTestConsole } from '../server/console/test-support/console-app'
import { startSimulatorProcess } from '../server/console/test-support/simulator-process'
import { makeDist } from '../server/console/test-support/stand-in-dist'
import { findSamples } from '../server/console/test-support/voice-samples'
import { measureSessionLookups } from './audit/session-lookups'
import { START_LIMIT_MS } from './child'
import { integerOption } from './integer-option'
import { type BenchPostgres, startBenchPostgres } from './stores/bench-postgres'
import { type SideBySideRow, type StoreLoads, sideBySide, withLoads } from './stores/side-by-side'
import { type BenchStore, STORE_NAMES, storeOption } from './stores/store-option'

const { values } = parseArgs({
  options: {
    writes: { type: 'string', default: '5000' },
    calls: { type: 'string', default: '300' },
    lookups: { type: 'string', default: '20000' },
    store: { type: 'string' },
  },
})
const writes = integerOption('writes', values.writes, 100, 1_000_000)
const calls = integerOption('calls', values.calls, 20, 10_000)
const lookups = integerOption('lookups', values.lookups, 100, 1_000_000)
const stores = storeOption(values.store, (line) => console.error(line))
const WRITERS = [1, 20]
const LOOKUP_CALLERS = [1, 20]

const event = (n: number): AuditEvent => ({
  actor: { userId: 'usr_bench', email: 'bench@example.com', role: 'support' },
  action: 'call.placed',
  target: `call_bench_${n}`,
  outcome: 201,
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) bench',
  detail: { idempotencyKey: `bench-${n}` },
})

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const ms = (value: number) => `${value.toFixed(2)} ms`

/** Where one part's store lives: a new SQLite file in `dir`, or a new database on the bench's cluster. */
type Locate = (name: string) => Promise<string>

async function appendRate(locate: Locate, writers: number): Promise<number> {
  const store = await openStore(await locate(`rate_${writers}`))
  const audit = createAuditLog(store)
  const each = Math.floor(writes / writers)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let n = 0; n < each; n++) await audit.record(event(writer * each + n))
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const verified = await verifyAuditTrail(store)
  if (!verified.ok || verified.entries !== each * writers) throw new Error('the bench trail does not verify')
  await store.close()
  return (each * writers) / seconds
}

/** The audit log with a stopwatch on each call.placed append. */
function timed(audit: AuditLog, samples: number[]): AuditLog {
  return {
    ...audit,
    record: async (entry) => {
      if (entry.action !== 'call.placed') return audit.record(entry)
      const started = performance.now()
      const row = await audit.record(entry)
      samples.push(performance.now() - started)
      return row
    },
  }
}

interface StoreFigures {
  appends: number[]
  lookups: Awaited<ReturnType<typeof measureSessionLookups>>
  audits: number[]
  totals: number[]
}

async function runOn(
  locate: Locate,
  sim: Awaited<ReturnType<typeof startSimulatorProcess>>,
  distDir: string,
): Promise<StoreFigures> {
  const appends: number[] = []
  for (const writers of WRITERS) appends.push(await appendRate(locate, writers))

  const lookupStore = await openStore(await locate('lookups'))
  const lookupRates = await measureSessionLookups(lookupStore, lookups, LOOKUP_CALLERS).finally(() =>
    lookupStore.close(),
  )

  const store = await openStore(await locate('console'))
  const auditMs: number[] = []
  try {
    const t = await createTestConsole({
      store,
      audit: timed(createAuditLog(store), auditMs),
      upstream: sim.url,
      apiKey: sim.key,
      distDir,
      userRateLimitPerMinute: 1_000_000_000,
      logger: { info: () => {}, error: (entry) => console.error(entry) },
    })
    const samples = await findSamples(sim)
    await t.addUser('bench@example.com', 'support')
    const cookie = await t.signIn('bench@example.com')
    const totalMs: number[] = []
    for (let n = 0; n < calls; n++) {
      const started = performance.now()
      const res = await t.request('/api/v1/voice/calls', {
        cookie,
        headers: { 'idempotency-key': `bench-call-${n}` },
        json: { caller_id: samples.callerId, destination: '+15005550006' },
      })
      await res.arrayBuffer()
      if (res.status !== 201) throw new Error(`placing call ${n} answered ${res.status}`)
      totalMs.push(performance.now() - started)
    }
    return {
      appends,
      lookups: lookupRates,
      audits: auditMs.sort((a, b) => a - b),
      totals: totalMs.sort((a, b) => a - b),
    }
  } finally {
    await store.close()
  }
}

function report(store: BenchStore, loadBefore: number, figures: StoreFigures) {
  const { appends, audits, totals } = figures
  console.log(`Audit trail on ${STORE_NAMES[store]} (${writes} appends; load average before ${loadBefore.toFixed(2)})`)
  console.log(`  appends per second, one writer:       ${Math.round(appends[0] ?? 0)}`)
  console.log(`  appends per second, 20 writers:       ${Math.round(appends[1] ?? 0)} (one chain, verified)`)
  console.log(`Session lookups (auth/sessions.ts resolve), ${lookups} each, against select 1 on the same store`)
  for (const rate of figures.lookups)
    console.log(
      `  ${String(rate.callers).padStart(2)} caller(s): ${Math.round(rate.lookupsPerSecond)} lookups/s, select 1 ${Math.round(rate.floorPerSecond)}/s (${(rate.lookupsPerSecond / rate.floorPerSecond).toFixed(2)} of the floor)`,
    )
  console.log(`Placing ${calls} calls through the console (in-process, simulator on loopback)`)
  console.log(`  audit entry per call  p50 ${ms(percentile(audits, 50))}  p95 ${ms(percentile(audits, 95))}`)
  console.log(`  whole call            p50 ${ms(percentile(totals, 50))}  p95 ${ms(percentile(totals, 95))}`)
  console.log(
    `  audit share of a call at p95: ${((100 * percentile(audits, 95)) / percentile(totals, 95)).toFixed(1)}%`,
  )
  console.log('')
}

function bothStoresRows(results: Partial<Record<BenchStore, StoreFigures>>): SideBySideRow[] {
  const value = (pick: (figures: StoreFigures) => string) =>
    Object.fromEntries(
      Object.entries(results).map(([store, figures]) => [store, figures ? pick(figures) : 'n/a']),
    ) as SideBySideRow['values']
  const int = (n: number) => Math.round(n).toLocaleString('en-US')
  return [
    ...WRITERS.map((writers, index) => ({
      figure: `audit appends/s, ${writers} writer${writers === 1 ? '' : 's'} (one chain, verified)`,
      values: value(({ appends }) => int(appends[index] ?? 0)),
    })),
    ...LOOKUP_CALLERS.map((callers, index) => ({
      figure: `session lookups/s, ${callers} caller${callers === 1 ? '' : 's'} (× of select 1/s on the same store)`,
      values: value(({ lookups: rates }) => {
        const rate = rates[index]
        return rate ? `${int(rate.lookupsPerSecond)} (${(rate.lookupsPerSecond / rate.floorPerSecond).toFixed(2)})` : ''
      }),
    })),
    {
      figure: "a placed call's audit entry, p50 / p95 ms",
      values: value(({ audits }) => `${percentile(audits, 50).toFixed(2)} / ${percentile(audits, 95).toFixed(2)}`),
    },
    {
      figure: 'a whole placed call through the console, p50 / p95 ms',
      values: value(({ totals }) => `${percentile(totals, 50).toFixed(2)} / ${percentile(totals, 95).toFixed(2)}`),
    },
  ]
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'audit-bench-'))
  // One stand-in dashboard for both stores' consoles, in the bench's folder, which it removes at the end.
  const distDir = makeDist(dir)
  const sim = await startSimulatorProcess(
    { VOICE_SIM_RATE_LIMIT: '1000000000', VOICE_SIM_SEED_CALLS: '0' },
    START_LIMIT_MS,
  )
  let postgres: BenchPostgres | null = null
  try {
    const results: Partial<Record<BenchStore, StoreFigures>> = {}
    const loads: Partial<Record<BenchStore, StoreLoads>> = {}
    for (const store of stores) {
      const loadBefore = loadavg()[0] ?? 0
      if (store === 'postgres') postgres = await startBenchPostgres()
      const cluster = postgres
      const locate: Locate =
        store === 'sqlite' || !cluster
          ? async (name) => join(dir, `${name}.sqlite`)
          : (name) => cluster.createDatabase(name)
      const figures = await withLoads(loads, store, () => runOn(locate, sim, distDir))
      results[store] = figures
      report(store, loadBefore, figures)
    }
    console.log(sideBySide('Audit trail and sessions', stores, bothStoresRows(results), loads))
  } finally {
    postgres?.stop()
    await sim.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
