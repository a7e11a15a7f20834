// The chain itself, on a real SQLite store: it verifies as written, and altering, deleting or
// reordering one entry (as someone with the database file would, triggers dropped) names it.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { ConsoleStore } from '../store'
import { fakeClock } from '../test-support/console-app'
import { openTestStore } from '../test-support/test-store'
import { type AuditEvent, createAuditLog } from './audit-log'
import { verifyAuditTrail } from './verify'

const ana = { userId: 'usr_ana', email: 'ana@example.com', role: 'support' as const }
const event = (n: number): AuditEvent => ({
  actor: ana,
  action: 'call.placed',
  target: `call_${n}`,
  outcome: 201,
  ip: '127.0.0.1',
  userAgent: 'test',
  detail: { idempotencyKey: `key-${n}`, z: 1, a: { y: 2, b: 3 } },
})

async function trailOf(count: number, clock = fakeClock()) {
  const store = await openTestStore()
  const audit = createAuditLog(store, clock.now)
  for (let n = 1; n <= count; n++) {
    await audit.record(event(n))
    clock.advance(60_000)
  }
  return { store, audit, clock }
}

/** What someone with write access to the file does first. */
const dropGuards = async (store: ConsoleStore) => {
  const table = store.adapter.kind === 'postgres' ? sql` on audit_log` : sql``
  await sql`drop trigger audit_log_no_update${table}`.execute(store.db)
  await sql`drop trigger audit_log_no_delete${table}`.execute(store.db)
}

describe('the audit chain', () => {
  it('verifies a trail as written, and stores detail as canonical JSON', async () => {
    const { store } = await trailOf(5)
    expect(await verifyAuditTrail(store)).toMatchObject({ ok: true, entries: 5, firstSeq: 1, lastSeq: 5 })
    const [first] = await store.audit.ascending(0, 1)
    expect(first?.detail).toBe('{"a":{"b":3,"y":2},"idempotencyKey":"key-1","z":1}')
  })

  it('refuses an UPDATE, and a DELETE outside a prune, at the database', async () => {
    const { store } = await trailOf(2)
    await expect(sql`update audit_log set outcome = 200 where seq = 1`.execute(store.db)).rejects.toThrow(
      /never changed/,
    )
    await expect(sql`delete from audit_log where seq = 1`.execute(store.db)).rejects.toThrow(/retention prune/)
  })

  it('names an altered entry', async () => {
    const { store } = await trailOf(5)
    await dropGuards(store)
    await sql`update audit_log set actor_email = 'someone@else.com' where seq = 3`.execute(store.db)
    const result = await verifyAuditTrail(store)
    expect(result).toMatchObject({ ok: false, brokenSeq: 3 })
    expect(result.ok || result.reason).toMatch(/entry 3 was changed/)
  })

  it('names the gap a deleted entry leaves', async () => {
    const { store } = await trailOf(5)
    await dropGuards(store)
    await sql`delete from audit_log where seq = 3`.execute(store.db)
    const result = await verifyAuditTrail(store)
    expect(result).toMatchObject({ ok: false, brokenSeq: 4 })
    expect(result.ok || result.reason).toMatch(/entries 3 to 3 are missing/)
  })

  it('names reordered entries', async () => {
    const { store } = await trailOf(5)
    await dropGuards(store)
    // Swap every stored field of entries 2 and 3 but their seq.
    await sql`create temp table swap as select * from audit_log where seq in (2, 3)`.execute(store.db)
    await sql`update audit_log set (at, target, detail, prev_hash, hash) =
      (select at, target, detail, prev_hash, hash from swap where swap.seq = 5 - audit_log.seq)
      where seq in (2, 3)`.execute(store.db)
    const result = await verifyAuditTrail(store)
    expect(result).toMatchObject({ ok: false, brokenSeq: 2 })
  })

  it('names removed first entries that no checkpoint accounts for', async () => {
    const { store } = await trailOf(5)
    await dropGuards(store)
    await sql`delete from audit_log where seq <= 2`.execute(store.db)
    const result = await verifyAuditTrail(store)
    expect(result).toMatchObject({ ok: false, brokenSeq: 3 })
    expect(result.ok || result.reason).toMatch(/no retention checkpoint/)
  })

  it('keeps one chain under 20 concurrent writers', async () => {
    const store = await openTestStore()
    const audit = createAuditLog(store)
    await Promise.all(
      Array.from({ length: 20 }, async (_, writer) => {
        for (let n = 0; n < 10; n++) await audit.record(event(writer * 100 + n))
      }),
    )
    const rows = await store.audit.ascending(0, 1000)
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1))
    expect(new Set(rows.map((row) => row.prev_hash)).size).toBe(200)
    expect(await verifyAuditTrail(store)).toMatchObject({ ok: true, entries: 200 })
  })

  it('prunes old entries with a checkpoint, and still verifies (and catches a forged checkpoint)', async () => {
    const { store, audit, clock } = await trailOf(6)
    // Entries 1..6 are a minute apart; keep the last two.
    const cutoff = clock.now() - 2 * 60_000
    expect(await audit.prune(cutoff)).toEqual({ removed: 4 })
    const rows = await store.audit.ascending(0, 100)
    expect(rows.map((row) => [row.seq, row.action])).toEqual([
      [5, 'call.placed'],
      [6, 'call.placed'],
      [7, 'audit.pruned'],
    ])
    expect(await verifyAuditTrail(store)).toMatchObject({ ok: true, entries: 3, firstSeq: 5, lastSeq: 7 })

    // A second prune continues from the first's checkpoint.
    await audit.record(event(8))
    clock.advance(60_000)
    expect(await audit.prune(clock.now() - 30_000)).toEqual({ removed: 4 })
    // Everything went, the head too: the checkpoint still continues the chain.
    expect(await verifyAuditTrail(store)).toMatchObject({ ok: true, entries: 1, firstSeq: 9, lastSeq: 9 })
    await audit.record(event(10))
    expect(await verifyAuditTrail(store)).toMatchObject({ ok: true, entries: 2 })

    await dropGuards(store)
    await sql`delete from audit_log where seq = 9`.execute(store.db)
    expect(await verifyAuditTrail(store)).toMatchObject({ ok: false, brokenSeq: 10 })
  })

  it('prunes nothing, and writes no checkpoint, when nothing is old enough', async () => {
    const { store, audit } = await trailOf(3)
    expect(await audit.prune(0)).toEqual({ removed: 0 })
    expect(await store.audit.count()).toBe(3)
  })
})
