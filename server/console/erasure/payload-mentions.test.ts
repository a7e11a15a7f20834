// The tables that hold a number only inside a payload or a message (deliveries to integrations and alert channels,
// alert firings, the live hub's stored events): the erasure rewrites the mention and leaves the rest of each row, and
// the JSON stays JSON. Seeded as the senders write them, on both stores. The audit trail's values are erased by the
// audit trail's own eraser, whose counts the answer and the entry carry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erasureAnswer } from '../../../src/api/contract/erasure-schemas'
import { verifyAuditTrail } from '../audit/verify'
import { type ConsoleStore, openStore } from '../store'
import { createTestConsole, type TestConsole } from '../test-support/console-app'
import { whereStoreHolds } from '../test-support/store-grep'
import { onPostgres, openTestStore, testStoreLocation } from '../test-support/test-store'
import { numberMentions } from './number-mentions'

const SUBJECT = '+442071838750'
const WRITTEN = ['+442071838750', '020 7183 8750', '2071838750']

let store: ConsoleStore
beforeAll(async () => {
  store = await openTestStore()
})
afterAll(async () => {
  await store?.close()
})

async function seed() {
  const payload = (destination: string) =>
    JSON.stringify({ type: 'call.ended', data: { call_id: 'c1', destination, metadata: { home: '020 7183 8750' } } })
  await store.db
    .insertInto('integrations')
    .values({
      id: 'i1',
      name: 'CRM',
      url: 'https://crm.example',
      secret: 'whsec_x',
      events: '[]',
      enabled: 1,
      created_at: 1,
    })
    .execute()
  await store.db
    .insertInto('integration_deliveries')
    .values([
      {
        id: 'd1',
        integration_id: 'i1',
        event_type: 'call.ended',
        payload: payload(SUBJECT),
        status: 'delivered',
        created_at: 1,
      },
      {
        id: 'd2',
        integration_id: 'i1',
        event_type: 'call.ended',
        payload: '{"n":"+14155550100"}',
        status: 'delivered',
        created_at: 2,
      },
    ])
    .execute()
  await store.db
    .insertInto('alert_firings')
    .values({
      id: 'f1',
      rule_id: 'r1',
      kind: 'caller-id-answered-less',
      period_start: 0,
      period_end: 1,
      subject: SUBJECT,
      fired_at: 1,
      message: `Few calls from ${SUBJECT} were answered`,
    })
    .execute()
  await store.db
    .insertInto('live_events')
    .values({ at: 1, name: 'call', call_id: 'c1', on_board: 1, data: payload('+44 20 7183 8750') })
    .execute()
  await store.db
    .insertInto('live_placed')
    .values({ call_id: 'c1', placed: payload(SUBJECT), at: 1 })
    .execute()
}

const request = (id: string) => ({
  id,
  at: 10,
  byUserId: 'u1',
  byEmail: 'ana@example.com',
  reason: 'request',
  numberHash: 'h',
  pseudonym: `erased-${id}`,
})

describe('numbers inside payloads and messages', () => {
  it('are erased from each, the rows and their other fields kept', async () => {
    await seed()
    expect((await whereStoreHolds(store, WRITTEN)).size).toBeGreaterThanOrEqual(5)
    const counts = await store.erasures.erase(numberMentions(SUBJECT), request('e1'))
    expect(counts).toMatchObject({ deliveries: 1, alerts: 1, live_entries: 2 })
    expect([...(await whereStoreHolds(store, WRITTEN)).keys()]).toEqual([])

    const delivery = await store.db
      .selectFrom('integration_deliveries')
      .select('payload')
      .where('id', '=', 'd1')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(delivery.payload)).toEqual({
      type: 'call.ended',
      data: { call_id: 'c1', destination: '[erased]', metadata: { home: '[erased]' } },
    })
    const other = await store.db
      .selectFrom('integration_deliveries')
      .select('payload')
      .where('id', '=', 'd2')
      .executeTakeFirstOrThrow()
    expect(other.payload).toBe('{"n":"+14155550100"}')
    const firing = await store.db.selectFrom('alert_firings').selectAll().executeTakeFirstOrThrow()
    expect(firing).toMatchObject({
      subject: '[erased]',
      message: 'Few calls from [erased] were answered',
      rule_id: 'r1',
    })
  })
})

describe('a call the index fetches again after its erasure', () => {
  it('keeps its rewritten number and metadata, while its status still moves on', async () => {
    const listed = {
      call_id: 'later',
      status: 'DIALER_INITIATED',
      caller_id: '+14155550100',
      destination: SUBJECT,
      duration_seconds: null,
      created_at: '2026-12-06T10:00:00Z',
    }
    await store.callIndex.upsertListed([listed])
    await store.erasures.erase(numberMentions(SUBJECT), request('e2'))
    // The service still has the call as it was: its detail names the number again.
    await store.callIndex.writeDetail(
      {
        ...listed,
        status: 'DIALER_COMPLETED',
        duration_seconds: 30,
        billed_minutes: 1,
        recording_url: null,
        voicemail_drop: false,
        source: 'API',
        metadata: { home: '020 7183 8750' },
        updated_at: listed.created_at,
        links: { self: '', status: '', recordings: '' },
      },
      20,
    )
    const row = await store.db
      .selectFrom('indexed_calls')
      .selectAll()
      .where('call_id', '=', 'later')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'DIALER_COMPLETED', destination: 'erased-e2', metadata: null })
    expect([...(await whereStoreHolds(store, WRITTEN)).keys()]).toEqual([])
  })
})

describe('two erasures of one number at once, from two instances', () => {
  it('take turns: one erases, the other finds nothing left, and neither fails', async () => {
    const location = await testStoreLocation({ file: true })
    const [a, b] = [await openStore(location), await openStore(location)]
    try {
      await a.callIndex.upsertListed(
        ['x1', 'x2'].map((id) => ({
          call_id: id,
          status: 'DIALER_COMPLETED',
          caller_id: '+14155550100',
          destination: SUBJECT,
          duration_seconds: 20,
          created_at: '2026-12-06T10:00:00Z',
        })),
      )
      const erase = (store: ConsoleStore, id: string) => store.erasures.erase(numberMentions(SUBJECT), request(id))
      // PostgreSQL's instances run them at once; SQLite serves one instance per file, whose writes come one by one.
      const counts = onPostgres()
        ? await Promise.all([erase(a, 'p1'), erase(b, 'p2')])
        : [await erase(a, 'p1'), await erase(b, 'p2')]
      expect(counts.map((c) => c.calls).sort()).toEqual([0, 2])
      expect((await a.erasures.page(10)).map((row) => row.id).sort()).toEqual(['p1', 'p2'])
      expect([...(await whereStoreHolds(b, WRITTEN)).keys()]).toEqual([])
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('the audit trail’s values', () => {
  let t: TestConsole
  beforeAll(async () => {
    t = await createTestConsole({ liveHub: null })
    await t.addUser('ana@example.com', 'admin')
  })
  afterAll(async () => {
    await t?.store.close()
  })

  it('are erased by the audit trail’s own eraser, its counts answered and audited, and the trail still verifies', async () => {
    const cookie = await t.signIn('ana@example.com')
    // An audited change that names the number: its entry holds the number beside the chain, not in its hash.
    const listed = await t.request('/api/console/do-not-call', {
      cookie,
      json: { phone_number: SUBJECT, reason: 'asked not to be called' },
    })
    expect(listed.status).toBe(201)
    const head = await t.store.audit.head()
    const res = await t.request('/api/console/erasures', {
      cookie,
      json: { phone_number: '020 7183 8750', region: 'GB', reason: 'GDPR request' },
    })
    expect(res.status).toBe(200)
    const answer = erasureAnswer.parse(await res.json())
    expect(answer.erasure.audit_trail?.entries).toBeGreaterThanOrEqual(1)
    expect(answer.erasure.audit_trail?.values).toBeGreaterThanOrEqual(1)
    const entry = (await t.store.audit.page({ action: 'erasure.done' }, 1))[0]
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ auditTrail: answer.erasure.audit_trail })
    // The entry that named it reads [erased] there; no audit table holds its digits; the chain is whole.
    const added = (await t.store.audit.page({ action: 'do-not-call.added' }, 1))[0]
    expect(added?.target).toBe('[erased]')
    expect(
      [...(await whereStoreHolds(t.store, WRITTEN)).keys()].filter((place) => !place.startsWith('do_not_call.')),
    ).toEqual([])
    const verified = await verifyAuditTrail(t.store)
    expect(verified.ok).toBe(true)
    // The entries before the erasure keep their hashes: the head noted then is still in the chain.
    const then = await t.store.db
      .selectFrom('audit_log')
      .select('hash')
      .where('seq', '=', head?.seq ?? -1)
      .executeTakeFirst()
    expect(then?.hash).toBe(head?.hash)
  })
})
