// The spec's contract reads what a faithful service may send: nulls where the spec does not forbid
// them, fields it does not list, statuses and formats it does not list, metadata of any shape, and
// a last page however it says so. It still refuses what no page can use: a call without its id.
import { describe, expect, it } from 'vitest'
import { nextCursorOf } from './next-cursor'
import {
  account,
  callDetail,
  callListItem,
  callRecordings,
  callStatusResponse,
  createCallResponse,
  listCallerIdsResponse,
  listCallsResponse,
  usageHistory,
  usageSummary,
} from './schemas'

const fullDetail = {
  call_id: 'call_01',
  status: 'DIALER_COMPLETED',
  caller_id: '+14155550100',
  destination: '+15005550006',
  duration_seconds: 42,
  billed_minutes: 1,
  recording_url: 'https://storage.example.test/r/call_01.wav',
  voicemail_drop: false,
  source: 'API',
  metadata: { ticket: 'T-1' },
  created_at: '2026-11-22T03:10:52Z',
  updated_at: '2026-11-22T03:11:34Z',
  links: { self: '/a', status: '/b', recordings: '/c' },
}

describe('the call detail', () => {
  it('accepts null in every field a page can do without', () => {
    const nulls = Object.fromEntries(Object.keys(fullDetail).map((key) => [key, null]))
    const parsed = callDetail.parse({ ...nulls, call_id: 'call_01', status: 'DIALER_RINGING' })
    expect(parsed.billed_minutes).toBeNull()
    expect(parsed.metadata).toBeNull()
    expect(parsed.updated_at).toBeNull()
  })

  it('accepts a detail with only its id and status', () => {
    expect(callDetail.parse({ call_id: 'call_01', status: 'DIALER_FAILED' })).toEqual({
      call_id: 'call_01',
      status: 'DIALER_FAILED',
    })
  })

  it('keeps fields the spec does not list, and statuses it does not list, as they came', () => {
    const parsed = callDetail.parse({ ...fullDetail, status: 'DIALER_ON_HOLD', carrier: { name: 'X' } })
    expect(parsed.status).toBe('DIALER_ON_HOLD')
    expect(parsed.carrier).toEqual({ name: 'X' })
  })

  it('accepts metadata of any size or shape', () => {
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`key-${i}`.repeat(10), 'v'.repeat(800)]))
    const nested = { deep: { list: [1, { a: null }] }, flag: true, n: 1.5, none: null }
    expect(callDetail.parse({ ...fullDetail, metadata: many }).metadata).toEqual(many)
    expect(callDetail.parse({ ...fullDetail, metadata: nested }).metadata).toEqual(nested)
  })

  it('refuses a detail without a call ID of the spec’s prefix', () => {
    expect(callDetail.safeParse({ ...fullDetail, call_id: undefined }).success).toBe(false)
    expect(callDetail.safeParse({ ...fullDetail, call_id: 'c_01' }).success).toBe(false)
  })
})

describe('the other answers', () => {
  it('read list items, statuses, creations and recordings with nulls and unknown values', () => {
    expect(callListItem.parse({ call_id: 'call_1', status: 'NEW', created_at: null, x: 1 })).toMatchObject({ x: 1 })
    expect(
      callStatusResponse.parse({ call_id: 'call_1', status: 'DIALER_RINGING', started_at: null }).started_at,
    ).toBeNull()
    expect(createCallResponse.parse({ call_id: 'call_1', status: 'accepted', recording: null }).status).toBe('accepted')
    const recordings = callRecordings.parse({ recordings: [{ url: 'https://s/r.mp3', format: 'mp3', channels: null }] })
    expect(recordings.recordings[0]?.format).toBe('mp3')
  })

  it('read caller IDs, the account and usage with nulls', () => {
    const ids = listCallerIdsResponse.parse({
      caller_ids: [{ id: 'cid_1', phone_number: '+1415', verification_status: 'PENDING', cnam_status: null }],
    })
    expect(ids.caller_ids[0]?.verification_status).toBe('PENDING')
    expect(account.parse({ client_id: 'cli_1', tier: null, current_usage: null, status: 'SUSPENDED' }).status).toBe(
      'SUSPENDED',
    )
    expect(usageSummary.parse({ period_start: null, remaining_minutes: -5 }).remaining_minutes).toBe(-5)
    expect(
      usageHistory.parse({ periods: [{ status: 'DIALER_ARCHIVED', committed_minutes: null }] }).periods,
    ).toHaveLength(1)
  })
})

describe('next_cursor', () => {
  it.each([
    ['missing', {}],
    ['empty', { next_cursor: '' }],
    ['null', { next_cursor: null }],
  ])('%s means no further page', (_, cursor) => {
    const page = listCallsResponse.parse({ calls: [], ...cursor })
    expect(nextCursorOf(page)).toBeNull()
    expect(nextCursorOf(usageHistory.parse({ periods: [], ...cursor }))).toBeNull()
  })

  it('is the next page’s cursor otherwise, whatever its format', () => {
    expect(nextCursorOf(listCallsResponse.parse({ calls: [], next_cursor: 'page=2&x=/+' }))).toBe('page=2&x=/+')
  })
})
