import { describe, expect, it } from 'vitest'
import type { LiveCallEntry } from '@/api/contract/live-schemas'
import { JUST_ENDED_MS } from '@/api/contract/live-schemas'
import { applyEvent, withoutOldEndings } from './live-state'
import { INITIAL_LIVE_STATE } from './live-store'

const at = Date.parse('2026-11-23T10:00:00Z')
const entry = (id: string, status: string, updatedAt = at, onBoard = true): LiveCallEntry => ({
  call: {
    call_id: id,
    status,
    duration_seconds: status === 'DIALER_COMPLETED' ? 42 : null,
    started_at: new Date(at - 60_000).toISOString(),
    updated_at: new Date(updatedAt).toISOString(),
    caller_id: '+14155550100',
    destination: '+14155550199',
  },
  placedBy: null,
  onBoard,
})
const snapshot = (calls: LiveCallEntry[]) =>
  applyEvent(INITIAL_LIVE_STATE, { name: 'snapshot', data: { calls, paused: null, tally: null } }).state

describe('applyEvent', () => {
  it('replaces the board with a snapshot, keeping only board calls, and reports no ending', () => {
    const { state, ended } = applyEvent(snapshot([entry('call_a', 'DIALER_RINGING')]), {
      name: 'snapshot',
      data: {
        calls: [entry('call_b', 'DIALER_COMPLETED'), entry('call_c', 'DIALER_RINGING', at, false)],
        paused: null,
        tally: null,
      },
    })
    expect([...state.calls.keys()]).toEqual(['call_b'])
    expect(ended).toBeNull()
  })

  it('reports an ending once: when a call it knew in flight, or had not seen, ends', () => {
    const ringing = snapshot([entry('call_a', 'DIALER_RINGING')])
    const first = applyEvent(ringing, { name: 'call', data: entry('call_a', 'DIALER_COMPLETED') })
    expect(first.ended?.entry.call.call_id).toBe('call_a')
    const again = applyEvent(first.state, { name: 'call', data: entry('call_a', 'DIALER_COMPLETED') })
    expect(again.ended).toBeNull()
    const unseen = applyEvent(ringing, { name: 'call', data: entry('call_new', 'DIALER_FAILED') })
    expect(unseen.ended?.entry.call.status).toBe('DIALER_FAILED')
  })

  it('keeps the pause and the tally as they come', () => {
    const pause = { nextTryAt: '2026-11-23T10:00:12Z', retryAfterSeconds: 12, message: 'Updates paused' }
    const paused = applyEvent(INITIAL_LIVE_STATE, { name: 'paused', data: pause }).state
    expect(paused.paused).toEqual(pause)
    expect(applyEvent(paused, { name: 'resumed', data: {} }).state.paused).toBeNull()
    const tally = { completed: 3, failed: 1, complete: true, countedAt: '2026-11-23T10:00:00Z' }
    expect(applyEvent(paused, { name: 'tally', data: tally }).state.tally).toEqual(tally)
  })
})

describe('withoutOldEndings', () => {
  it('lets go of calls that ended more than the just-ended time ago, and only those', () => {
    const state = snapshot([
      entry('call_live', 'DIALER_RINGING', at - 2 * JUST_ENDED_MS),
      entry('call_recent', 'DIALER_COMPLETED', at - 1_000),
      entry('call_old', 'DIALER_FAILED', at - JUST_ENDED_MS - 1),
    ])
    expect([...withoutOldEndings(state, at).calls.keys()]).toEqual(['call_live', 'call_recent'])
    const kept = withoutOldEndings(state, at - JUST_ENDED_MS)
    expect(kept).toBe(state)
  })
})
