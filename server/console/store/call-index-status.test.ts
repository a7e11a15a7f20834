// The live hub's statuses in the index: they move a call forward, never back, and never add a call.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type ConsoleStore, openStore } from './'

let store: ConsoleStore
afterEach(() => store.close())

const listed = {
  call_id: 'call_live',
  status: 'DIALER_RINGING',
  caller_id: '+14155550100',
  destination: '+15005550006',
  duration_seconds: null,
  created_at: '2026-11-23T10:00:00Z',
}

const statusOf = async (callId: string) =>
  (await store.db
    .selectFrom('indexed_calls')
    .select(['status', 'duration_seconds', 'needs_details'])
    .where('call_id', '=', callId)
    .executeTakeFirst()) ?? null

describe('callIndex.noteStatus', () => {
  it('ends a call the index holds, queues its details, and is not undone by an older status', async () => {
    store = await openStore(join(mkdtempSync(join(tmpdir(), 'index-status-')), 'console.sqlite'))
    await store.callIndex.upsertListed([listed])
    await store.callIndex.noteStatus({ call_id: 'call_live', status: 'DIALER_COMPLETED', duration_seconds: 42 })
    expect(await statusOf('call_live')).toEqual({ status: 'DIALER_COMPLETED', duration_seconds: 42, needs_details: 1 })
    await store.callIndex.noteStatus({ call_id: 'call_live', status: 'DIALER_RINGING', duration_seconds: null })
    expect(await statusOf('call_live')).toMatchObject({ status: 'DIALER_COMPLETED', duration_seconds: 42 })
  })

  it('adds no call the index does not hold: new calls are the sync’s, with their numbers and times', async () => {
    store = await openStore(join(mkdtempSync(join(tmpdir(), 'index-status-')), 'console.sqlite'))
    await store.callIndex.noteStatus({ call_id: 'call_unknown', status: 'DIALER_FAILED', duration_seconds: 0 })
    expect(await statusOf('call_unknown')).toBeNull()
  })
})
