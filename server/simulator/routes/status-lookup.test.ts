// The status poll answers from plans kept in memory; the memory they take must stay bounded
// however many calls are polled, and the answers must stay those of the stored plan.
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open'
import { createQueries } from '../db/queries'
import { seedDatabase } from '../db/seed'
import { toTimestamp } from '../domain/time'
import { createStatusLookup } from './status-lookup'

const NOW = Date.parse('2026-11-15T12:00:00Z')
const ACME = 'cli_acme7k2m9q4x'

function seededQueries() {
  const queries = createQueries(openDatabase(':memory:').db)
  seedDatabase(queries, { now: NOW, seedCalls: 20, acmeKey: 'sim_demo_key_acme', globexKey: 'sim_demo_key_globex' })
  const calls = queries.calls.list({ accountId: ACME, now: NOW, limit: 3 })
  let reads = 0
  const findState = queries.calls.findStateAnyAccount
  queries.calls.findStateAnyAccount = (callId) => {
    reads++
    return findState(callId)
  }
  return { queries, calls, reads: () => reads }
}

describe('status lookup', () => {
  it('answers each phase of the stored plan, and another account as an unknown call', () => {
    const { queries, calls } = seededQueries()
    const call = calls[0]
    if (!call) throw new Error('no seeded call')
    const status = createStatusLookup(queries)
    const at = (ms: number) => status(call.call_id, ACME, ms)
    const started = toTimestamp(call.created_at_ms)

    expect(at(call.created_at_ms)).toMatchObject({ status: 'DIALER_INITIATED', updated_at: started })
    if (call.ringing_at_ms < call.ended_at_ms) {
      expect(at(call.ringing_at_ms)).toMatchObject({ status: 'DIALER_RINGING', duration_seconds: null })
      expect(at(call.ringing_at_ms)?.updated_at).toBe(toTimestamp(call.ringing_at_ms))
    }
    expect(at(call.ended_at_ms)).toEqual({
      call_id: call.call_id,
      status: call.outcome,
      duration_seconds: call.duration_seconds,
      started_at: started,
      updated_at: toTimestamp(call.ended_at_ms),
    })
    expect(status(call.call_id, 'cli_globex3n8v5t', NOW)).toBeUndefined()
    expect(status('call_unknown', ACME, NOW)).toBeUndefined()
  })

  it('reads a plan once, and keeps at most maxEntries of them', () => {
    const { queries, calls, reads } = seededQueries()
    const [first, second, third] = calls.map((call) => call.call_id)
    if (!first || !second || !third) throw new Error('fewer than three seeded calls')
    const status = createStatusLookup(queries, 2)

    for (let poll = 0; poll < 5; poll++) status(first, ACME, NOW)
    status(second, ACME, NOW)
    expect(reads()).toBe(2)

    status(third, ACME, NOW)
    status(second, ACME, NOW)
    expect(reads()).toBe(3)
    // The oldest plan made room for the third, so it is read again.
    expect(status(first, ACME, NOW)?.call_id).toBe(first)
    expect(reads()).toBe(4)
  })
})
