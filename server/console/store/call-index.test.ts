// The index's counts, which triggers keep on the sync's row (every search answers them), against count(*)
// after each kind of write the sync makes, and after rows are removed.
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import type { CallDetail, CallListItem } from '../../../src/api/contract/schemas'
import { openTestStore } from '../test-support/test-store'

const call = (id: string, status: string): CallListItem => ({
  call_id: id,
  status,
  caller_id: '+14155550100',
  destination: '+12125550142',
  duration_seconds: status === 'DIALER_COMPLETED' ? 30 : null,
  created_at: '2026-11-20T10:00:00Z',
})

const detail = (listed: CallListItem): CallDetail => ({
  ...listed,
  billed_minutes: 1,
  recording_url: null,
  voicemail_drop: false,
  source: 'API',
  metadata: { ticket: 'T-1' },
  updated_at: listed.created_at,
  links: { self: '', status: '', recordings: '' },
})

it('keeps the counts count(*) gives through every write of the sync', async () => {
  const store = await openTestStore()
  const counted = async () => {
    const { rows } = await sql<{ indexed: number; pendingDetails: number }>`select count(*) as indexed,
      coalesce(sum(case when needs_details = 1 then 1 else 0 end), 0) as "pendingDetails" from indexed_calls`.execute(
      store.db,
    )
    return rows[0]
  }
  const steps: [string, () => Promise<unknown>][] = [
    [
      'listed: one ended, one in flight',
      () => store.callIndex.upsertListed([call('a', 'DIALER_COMPLETED'), call('b', 'DIALER_RINGING')]),
    ],
    ['listed again', () => store.callIndex.upsertListed([call('a', 'DIALER_COMPLETED'), call('b', 'DIALER_RINGING')])],
    ['a detail', () => store.callIndex.writeDetail(detail(call('a', 'DIALER_COMPLETED')), 1)],
    ['ended, seen by the in-flight lists', () => store.callIndex.markEnded(['b'])],
    ['gone upstream', () => store.callIndex.detailsGone('b', 2)],
    [
      'placed here',
      () =>
        store.callIndex.upsertPlaced({
          ...call('c', 'queued'),
          recording: { enabled: false },
          metadata: {},
          links: { self: '', status: '', recordings: '' },
        }),
    ],
    ['listed once it has ended', () => store.callIndex.upsertListed([call('c', 'DIALER_FAILED')])],
    ['removed', () => sql`delete from indexed_calls where call_id in ('a', 'c')`.execute(store.db)],
  ]
  for (const [step, write] of steps) {
    await write()
    const { indexed_count, pending_details_count } = await store.callIndexSync.read()
    expect({ indexed: indexed_count, pendingDetails: pending_details_count }, step).toEqual(await counted())
  }
  await store.close()
})

it('indexes a page in one go: new calls once each, a call listed twice moved on by its later listing', async () => {
  const store = await openTestStore()
  await store.callIndex.upsertListed([call('held', 'DIALER_RINGING')])
  await store.callIndex.upsertListed([
    call('new', 'DIALER_RINGING'),
    call('held', 'DIALER_COMPLETED'),
    { ...call('new', 'DIALER_COMPLETED'), destination: '+12125550199' },
  ])
  const { rows } = await sql<{ call_id: string; status: string; needs_details: number; numbers: string }>`
    select c.call_id, c.status, c.needs_details, t.numbers from indexed_calls c
    join indexed_call_text t on t.rowid = c.id order by c.call_id`.execute(store.db)
  expect(rows).toEqual([
    { call_id: 'held', status: 'DIALER_COMPLETED', needs_details: 1, numbers: '12125550142 14155550100' },
    // The numbers are the first listing's, as the row it inserted.
    { call_id: 'new', status: 'DIALER_COMPLETED', needs_details: 1, numbers: '12125550142 14155550100' },
  ])
  await store.close()
})
