// Issue 52: an audit entry's personal values are kept beside the chain, its hash covering keyed tokens, so erasing a
// number deletes its values and the trail still verifies with the same head. On both stores (projects server and
// server-postgres), through the console's own API and store.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditPage } from '../../../src/api/contract/audit-schemas'
import type { ConsoleStore } from '../store'
import { createTestConsole, type TestConsole } from '../test-support/console-app'
import { indexCalls } from '../test-support/indexed-calls'
import { createAuditLog } from './audit-log'
import { verifyAuditTrail } from './verify'

const CALLEE = '+14155550142'
const OTHER = '+14155550199'
const CALLER_ID = '+15005550006'
let t: TestConsole
let admin = ''
let adminId = ''

beforeAll(async () => {
  t = await createTestConsole({ liveHub: null })
  adminId = (await t.addUser('admin@example.com', 'admin')).id
  admin = await t.signIn('admin@example.com')
})
afterAll(async () => {
  await t?.store.close()
})

/** Every row of every audit table, as text: what must hold no trace of an erased number. */
async function auditTablesText(store: ConsoleStore): Promise<string> {
  const tables = (await store.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name.startsWith('audit'))
  expect(tables.sort()).toEqual(['audit_guard', 'audit_log', 'audit_personal_values'])
  const rows = await Promise.all(
    tables.map(async (table) => (await sql`select * from ${sql.table(table)}`.execute(store.db)).rows),
  )
  return JSON.stringify(rows)
}

const page = async (query: string) =>
  ((await (await t.request(`/api/console/audit?${query}`, { cookie: admin })).json()) as AuditPage).entries

describe('personal values in the audit trail', () => {
  it('are tokens in the hashed entry, shown back on the page, in the CSV export and found by search', async () => {
    const res = await t.request('/api/console/do-not-call', {
      cookie: admin,
      json: { phone_number: CALLEE, reason: `asked on the phone; her other number ${OTHER} too` },
    })
    expect(res.status).toBe(201)
    const stored = await t.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'do-not-call.added')
      .executeTakeFirstOrThrow()
    expect(stored.target).toMatch(/^\{pv:[0-9a-f]{64}\}$/)
    expect(`${stored.target} ${stored.detail}`).not.toMatch(/4155550/)

    const [shown] = await page('q=415-555-0142')
    expect(shown).toMatchObject({ action: 'do-not-call.added', target: CALLEE })
    expect(shown?.detail).toEqual({ reason: `asked on the phone; her other number ${OTHER} too` })
    expect((await page('q=her other number'))[0]?.seq).toBe(stored.seq)

    const csv = await (
      await t.request('/api/console/audit/export.csv?action=do-not-call.added', {
        cookie: admin,
        headers: { 'sec-fetch-site': 'same-origin' },
      })
    ).text()
    expect(csv).toContain(CALLEE)
    expect(csv).toContain(stored.hash)
    expect((await verifyAuditTrail(t.store)).ok).toBe(true)
  })

  it('erased by number leave the chain verifying with the same head, and no digits of it in any audit table', async () => {
    const audit = createAuditLog(t.store)
    await indexCalls(t.store, [
      { call_id: 'call_erase_1', created_at: '2026-11-02T10:00:00Z', destination: CALLEE, owner: adminId },
    ])
    const actor = { userId: adminId, email: 'admin@example.com', role: 'admin' as const }
    await audit.record({
      actor,
      action: 'call.placement-forwarded',
      target: CALLEE,
      outcome: 102,
      detail: { idempotencyKey: 'k-1', destination: CALLEE, callerId: CALLER_ID },
    })
    await audit.record({
      actor,
      action: 'call.note-saved',
      target: 'call_erase_1',
      outcome: 200,
      detail: { version: 1, length: 30, sha256: 'a'.repeat(64) },
    })
    // A search typed in another format, about no entry's number: found by its digits.
    await audit.record({ actor, action: 'calls.exported', outcome: 200, detail: { filters: { q: '(415) 555-0142' } } })
    const held = await t.store.auditPersonal.valuesOfSubject(CALLEE)
    expect(held.map((value) => value.value)).toEqual(
      expect.arrayContaining([
        CALLEE,
        'a'.repeat(64),
        '(415) 555-0142',
        `asked on the phone; her other number ${OTHER} too`,
      ]),
    )
    const head = await t.store.audit.head()

    const erased = await t.store.auditPersonal.eraseSubject(CALLEE)
    expect(erased.values).toBe(held.length)
    expect(erased.entries).toBe(new Set(held.map((value) => value.seq)).size)
    expect(await t.store.auditPersonal.valuesOfSubject(CALLEE)).toEqual([])
    expect(await t.store.audit.head()).toEqual(head)
    expect((await verifyAuditTrail(t.store)).ok).toBe(true)
    const text = await auditTablesText(t.store)
    expect(text).not.toContain('4155550142')
    expect(text).not.toContain('555-0142')
    // Another number in the same entries is not erased; the erased one reads "[erased]".
    const [forwarded] = await page('action=call.placement-forwarded')
    expect(forwarded).toMatchObject({ target: '[erased]' })
    expect(forwarded?.detail).toEqual({ idempotencyKey: 'k-1', destination: '[erased]', callerId: CALLER_ID })
    expect((await page('action=call.note-saved'))[0]?.detail).toMatchObject({ sha256: '[erased]', version: 1 })

    // The chain goes on after an erasure.
    await audit.record({
      actor,
      action: 'call.placement-forwarded',
      target: OTHER,
      outcome: 102,
      detail: { destination: OTHER },
    })
    expect((await verifyAuditTrail(t.store)).ok).toBe(true)
    expect((await page('q=4155550199'))[0]).toMatchObject({ target: OTHER })
  })

  it('go with the entries a retention prune removes', async () => {
    const store = t.store
    const newest = await store.audit.head()
    await createAuditLog(store, () => Date.now() + 60_000).prune(Date.now() + 30_000)
    const left = await store.db.selectFrom('audit_personal_values').select('seq').execute()
    expect(left.filter((row) => row.seq <= (newest?.seq ?? 0))).toEqual([])
    expect((await verifyAuditTrail(store)).ok).toBe(true)
  })
})
