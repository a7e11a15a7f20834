// npm run bench:audit [-- --writes 5000 --calls 300]
// The audit trail's cost on SQLite (a file in a temporary folder, WAL, as in production):
// appends a second, one writer and 20 at once; then the time a placed call spends on its audit
// entry, measured inside the console in front of the real simulator (on loopback only).
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type AuditEvent, type AuditLog, createAuditLog } from '../server/console/audit/audit-log'
import { verifyAuditTrail } from '../server/console/audit/verify'
import { openStore } from '../server/console/store'
import { createTestConsole } from '../server/console/test-support/console-app'
import { startSimulatorProcess } from '../server/console/test-support/simulator-process'
import { findSamples } from '../server/console/test-support/voice-samples'
import { integerOption } from './integer-option'

const { values } = parseArgs({
  options: { writes: { type: 'string', default: '5000' }, calls: { type: 'string', default: '300' } },
})
const writes = integerOption('writes', values.writes, 100, 1_000_000)
const calls = integerOption('calls', values.calls, 20, 10_000)

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

async function appendRate(dir: string, writers: number): Promise<number> {
  const store = await openStore(join(dir, `rate-${writers}.sqlite`))
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

async function main() {
  const loadBefore = loadavg()[0] ?? 0
  const dir = mkdtempSync(join(tmpdir(), 'audit-bench-'))
  const sim = await startSimulatorProcess({ VOICE_SIM_RATE_LIMIT: '1000000000', VOICE_SIM_SEED_CALLS: '0' }, 60_000)
  try {
    const sequential = await appendRate(dir, 1)
    const concurrent = await appendRate(dir, 20)

    const store = await openStore(join(dir, 'console.sqlite'))
    const auditMs: number[] = []
    const t = await createTestConsole({
      store,
      audit: timed(createAuditLog(store), auditMs),
      upstream: sim.url,
      apiKey: sim.key,
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
    await store.close()

    const audits = auditMs.sort((a, b) => a - b)
    const totals = totalMs.sort((a, b) => a - b)
    console.log(`Audit trail on SQLite (${writes} appends; load average before ${loadBefore.toFixed(2)})`)
    console.log(`  appends per second, one writer:       ${Math.round(sequential)}`)
    console.log(`  appends per second, 20 writers:       ${Math.round(concurrent)} (one chain, verified)`)
    console.log(`Placing ${calls} calls through the console (in-process, simulator on loopback)`)
    console.log(`  audit entry per call  p50 ${ms(percentile(audits, 50))}  p95 ${ms(percentile(audits, 95))}`)
    console.log(`  whole call            p50 ${ms(percentile(totals, 50))}  p95 ${ms(percentile(totals, 95))}`)
    console.log(
      `  audit share of a call at p95: ${((100 * percentile(audits, 95)) / percentile(totals, 95)).toFixed(1)}%`,
    )
  } finally {
    await sim.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
