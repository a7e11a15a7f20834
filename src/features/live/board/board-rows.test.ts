import { describe, expect, it } from 'vitest'
import type { LiveCallEntry } from '@/api/contract/live-schemas'
import { answerRate, boardRows } from './board-rows'
import { liveSearchSchema } from './live-search'

const entry = (id: string, status: string, startedAt: string, extra: Partial<LiveCallEntry> = {}): LiveCallEntry => ({
  call: {
    call_id: id,
    status,
    duration_seconds: null,
    started_at: startedAt,
    updated_at: startedAt,
    caller_id: '+14155550100',
    destination: '+14155550199',
  },
  placedBy: null,
  onBoard: true,
  ...extra,
})

const mine = { userId: 'usr_me', email: 'me@example.com' }

describe('boardRows', () => {
  const calls = [
    entry('call_old', 'DIALER_RINGING', '2026-11-23T10:00:00Z', { placedBy: mine }),
    entry('call_new', 'DIALER_INITIATED', '2026-11-23T10:05:00Z'),
    entry('call_done', 'DIALER_COMPLETED', '2026-11-23T09:00:00Z', { placedBy: mine }),
  ]

  it('splits in flight from ended, newest first', () => {
    const rows = boardRows(calls, { who: 'everyone' }, 'usr_me')
    expect(rows.inFlight.map((e) => e.call.call_id)).toEqual(['call_new', 'call_old'])
    expect(rows.justEnded.map((e) => e.call.call_id)).toEqual(['call_done'])
  })

  it('keeps only my calls for "mine"', () => {
    const rows = boardRows(calls, { who: 'mine' }, 'usr_me')
    expect(rows.inFlight.map((e) => e.call.call_id)).toEqual(['call_old'])
    expect(boardRows(calls, { who: 'mine' }, null).inFlight).toEqual([])
  })

  it('filters by caller ID', () => {
    const other = entry('call_other', 'DIALER_RINGING', '2026-11-23T10:06:00Z')
    other.call.caller_id = '+14155550111'
    const rows = boardRows([...calls, other], { who: 'everyone', caller_id: '+14155550111' }, null)
    expect(rows.inFlight.map((e) => e.call.call_id)).toEqual(['call_other'])
    expect(rows.justEnded).toEqual([])
  })
})

describe('answerRate', () => {
  it('is completed over ended, rounded; none without endings', () => {
    expect(answerRate({ completed: 2, failed: 1 })).toBe(67)
    expect(answerRate({ completed: 0, failed: 0 })).toBeNull()
  })
})

describe('liveSearchSchema', () => {
  it('falls back to defaults for invalid values', () => {
    expect(liveSearchSchema.parse({ who: 'boss', caller_id: 'x', wall: 'yes' })).toEqual({
      who: 'everyone',
      caller_id: undefined,
      wall: undefined,
    })
    expect(liveSearchSchema.parse({ who: 'mine', caller_id: '+14155550100', wall: true })).toEqual({
      who: 'mine',
      caller_id: '+14155550100',
      wall: true,
    })
  })
})
