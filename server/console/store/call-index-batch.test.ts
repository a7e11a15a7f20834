// The index's batched writes against the same writes one call at a time: a batch of details (the sync's catch-up)
// and a listing page's status news must leave every table of the index as the calls written in turn leave it.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import type { CallDetail, CallListItem } from '../../../src/api/contract/schemas'
import type { ConsoleStore } from '../store'
import { openTestStore } from '../test-support/test-store'

const listed = (id: string, status = 'DIALER_COMPLETED', minute = 0): CallListItem => ({
  call_id: id,
  status,
  caller_id: '+14155550100',
  destination: `+1212555${String(100 + minute).padStart(4, '0')}`,
  duration_seconds: status === 'DIALER_COMPLETED' ? 30 + minute : null,
  created_at: new Date(Date.parse('2026-11-20T10:00:00Z') + minute * 60_000).toISOString(),
})

const detail = (call: CallListItem, metadata: CallDetail['metadata'], extra: Partial<CallDetail> = {}): CallDetail => ({
  ...call,
  billed_minutes: 1,
  recording_url: null,
  voicemail_drop: false,
  source: 'API',
  metadata,
  updated_at: call.created_at,
  links: { self: '', status: '', recordings: '' },
  ...extra,
})

const fresh = listed('fresh', undefined, 0)
const detailed = listed('detailed', undefined, 1)
const erased = listed('erased', undefined, 2)
const noted = listed('noted', undefined, 3)
const bare = listed('bare', undefined, 4)
const odd = listed('odd', undefined, 5)
const CALLS = [fresh, detailed, erased, noted, bare, odd]

/** The same store twice over: listed calls, one already detailed, one erased, one with a note. */
async function prepared(): Promise<ConsoleStore> {
  const store = await openTestStore()
  await store.callIndex.upsertListed([...CALLS, listed('ringing', 'DIALER_RINGING', 9)])
  await store.callIndex.writeDetail(detail(detailed, { ticket: 'T-OLD', agent: 'Ann Lee' }), 5)
  await sql`update indexed_calls set erased_at = 6, metadata = '{"ticket":"[erased]"}' where call_id = ${erased.call_id}`.execute(
    store.db,
  )
  const { id } = await store.users.add({ email: 'agent@example.test', role: 'support', passwordHash: 'x', now: 0 })
  await store.callWork.saveNote(noted.call_id, 'Asked for a Callback on Friday', id, 7)
  return store
}

/** Every table the index writes, in a stable order. */
async function indexTables(store: ConsoleStore) {
  const calls = await sql`select * from indexed_calls order by id`.execute(store.db)
  const values = await sql`select call_row, key, key_lower, value_lower from indexed_call_metadata
    order by call_row, key`.execute(store.db)
  const text = await sql`select rowid, numbers, metadata from indexed_call_text order by rowid`.execute(store.db)
  const counts = await store.callIndexSync.read()
  return {
    calls: calls.rows,
    values: values.rows,
    text: text.rows,
    counts: [counts.indexed_count, counts.pending_details_count],
  }
}

const DETAILS: CallDetail[] = [
  detail(fresh, { ticket: 'T-1', agent: 'Maria Garcia' }, { recording_url: 'https://storage.example/a.wav' }),
  detail(detailed, { ticket: 'T-NEW', priority: 2 }, { billed_minutes: 3, voicemail_drop: true }),
  detail(erased, { ticket: 'T-ERASED-UPSTREAM' }),
  detail(noted, { team: 'North' }),
  detail(bare, null),
  detail(odd, { nested: { a: [1, 'B'] }, empty: '', gone: null, flag: true }),
  // The index does not hold it: nothing is written for it, nor does it stop the others.
  detail(listed('not-indexed'), { ticket: 'T-X' }),
  // The same call twice in one batch: the later answer is the one kept, as written in turn.
  detail(fresh, { ticket: 'T-1', agent: 'Maria Garcia-Lopez' }, { recording_url: 'https://storage.example/a.wav' }),
]

it('leaves the index a batch of details writes as the details written one by one leave it', async () => {
  const oneByOne = await prepared()
  for (const call of DETAILS) await oneByOne.callIndex.writeDetail(call, 100)
  const batched = await prepared()
  await batched.callIndex.writeDetails(DETAILS, 100)

  const expected = await indexTables(oneByOne)
  expect(await indexTables(batched)).toEqual(expected)
  // The comparison is of something: the later answer, the erasure kept, the note's words after the values.
  const text = expected.text as { metadata: string }[]
  expect(text.map((row) => row.metadata)).toEqual([
    't-1\nmaria garcia-lopez',
    't-new\n2',
    '',
    'north\nasked for a callback on friday',
    '',
    '{"a":[1,"B"]}\n\ntrue'.toLowerCase(),
    '',
  ])
  expect(expected.counts).toEqual([7, 0])
  await Promise.all([oneByOne.close(), batched.close()])
})

it('moves statuses on from a listing page as the same news noted one by one does', async () => {
  const page: CallListItem[] = [
    // Ended, then an older listing of it in flight: the end stays.
    listed('ringing', 'DIALER_COMPLETED', 9),
    listed('ringing', 'DIALER_RINGING', 9),
    // Detailed already, listed ended again: no new fetch is due.
    listed(detailed.call_id, 'DIALER_COMPLETED', 1),
  ]
  const oneByOne = await prepared()
  for (const call of page) await oneByOne.callIndex.noteStatus(call)
  const batched = await prepared()
  await batched.callIndex.upsertListed(page)

  const expected = await indexTables(oneByOne)
  expect(await indexTables(batched)).toEqual(expected)
  const ringing = (expected.calls as { call_id: string; status: string; needs_details: number }[]).find(
    (row) => row.call_id === 'ringing',
  )
  expect([ringing?.status, ringing?.needs_details]).toEqual(['DIALER_COMPLETED', 1])
  await Promise.all([oneByOne.close(), batched.close()])
})
