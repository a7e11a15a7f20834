// The windows and the flag, on made-up calls: the flag never fires below its minimum of calls, its
// reason's numbers are the windows' own, and each threshold is where the comment says.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { healthFlag, MIN_ENDED_CALLS, percent } from '../../../src/api/contract/caller-id-health-flag'
import type { HealthWindow } from '../../../src/api/contract/usage-breakdown-schemas'
import type { EndedCall } from '../store/caller-id-health'
import { accountWindow, callsPerDay, windowOf, windowsOf } from './health-windows'

const DAY = 24 * 60 * 60_000
const T0 = Date.parse('2026-11-02T09:00:00Z')

/** `ended` calls an hour apart, newest first, the first `completed` of them completed (`short` of those under 10 s). */
function calls(ended: number, completed: number, short = 0, start = T0): EndedCall[] {
  return Array.from({ length: ended }, (_, index) => ({
    status: index < completed ? 'DIALER_COMPLETED' : 'DIALER_FAILED',
    duration_seconds: index < completed ? (index < short ? 4 : 95) : 0,
    created_at: start - index * 3_600_000,
  }))
}

const window = (ended: number, completed: number): HealthWindow => windowOf(calls(ended, completed))

describe('windowsOf', () => {
  it('cuts the newest 50 from the 50 before, and counts answers and short calls of each', () => {
    const newestFirst = [...calls(50, 10, 5), ...calls(50, 40, 0, T0 - 50 * 3_600_000)]
    const { recent, previous } = windowsOf(newestFirst)
    expect(recent).toEqual({
      ended: 50,
      completed: 10,
      answerRate: 0.2,
      shortCallRate: 0.5,
      from: new Date(T0 - 49 * 3_600_000).toISOString(),
      to: new Date(T0).toISOString(),
    })
    expect(previous).toMatchObject({ ended: 50, completed: 40, answerRate: 0.8, shortCallRate: 0 })
  })

  it('gives null rates to empty windows and to windows without a completed call', () => {
    expect(windowOf([])).toEqual({
      ended: 0,
      completed: 0,
      answerRate: null,
      shortCallRate: null,
      from: null,
      to: null,
    })
    expect(window(3, 0)).toMatchObject({ answerRate: 0, shortCallRate: null })
  })

  it('counts calls a day over the window’s span, a day at least, and none for a single call', () => {
    expect(callsPerDay(window(49, 10))).toBe(49 / 2)
    expect(callsPerDay(window(5, 1))).toBe(5)
    expect(callsPerDay(window(1, 1))).toBeNull()
    expect(callsPerDay(windowOf([]))).toBeNull()
    const spread = windowOf(calls(2, 2).map((call, index) => ({ ...call, created_at: T0 - index * 10 * DAY })))
    expect(callsPerDay(spread)).toBe(0.2)
  })

  it('adds the caller IDs’ recent windows into the account’s', () => {
    const account = accountWindow([windowOf(calls(50, 10, 5)), windowOf(calls(20, 16, 4)), windowOf([])])
    expect(account).toMatchObject({ ended: 70, completed: 26, answerRate: 26 / 70, shortCallRate: 9 / 26 })
  })
})

describe('healthFlag', () => {
  it('flags a fall against the caller ID’s own history, with the numbers', () => {
    const flag = healthFlag({ recent: window(50, 9), previous: window(50, 32), account: window(150, 60) })
    expect(flag).toEqual({
      kind: 'answered-less',
      reason: 'Answered 18% of its last 50 ended calls, against 64% of the 50 before and 40% across the account.',
    })
  })

  it('flags a rate well below the account’s when the caller ID has no history yet', () => {
    const flag = healthFlag({ recent: window(30, 9), previous: window(5, 5), account: window(130, 80) })
    expect(flag?.reason).toBe('Answered 30% of its last 30 ended calls, against 62% across the account.')
  })

  it('does not flag a small fall, a fall of few points, or a gap to the account under 25 points', () => {
    expect(healthFlag({ recent: window(50, 30), previous: window(50, 40), account: window(150, 100) })).toBeNull()
    expect(healthFlag({ recent: window(50, 2), previous: window(50, 5), account: window(150, 8) })).toBeNull()
    expect(healthFlag({ recent: window(50, 25), previous: window(8, 8), account: window(150, 110) })).toBeNull()
  })

  const windowArb = (maxEnded: number) =>
    fc
      .integer({ min: 0, max: maxEnded })
      .chain((ended) => fc.integer({ min: 0, max: ended }).map((completed) => window(ended, completed)))

  it('never fires with fewer than the minimum of recent ended calls', () => {
    fc.assert(
      fc.property(windowArb(MIN_ENDED_CALLS - 1), windowArb(50), windowArb(500), (recent, previous, account) => {
        expect(healthFlag({ recent, previous, account })).toBeNull()
      }),
    )
  })

  it('when it fires, its reason names the windows’ own numbers, and the recent rate is below a benchmark', () => {
    fc.assert(
      fc.property(windowArb(50), windowArb(50), windowArb(500), (recent, previous, account) => {
        const flag = healthFlag({ recent, previous, account })
        if (!flag) return
        expect(recent.ended).toBeGreaterThanOrEqual(MIN_ENDED_CALLS)
        expect(flag.reason).toContain(`Answered ${percent(recent.answerRate ?? 0)} of its last ${recent.ended} ended`)
        if (account.answerRate !== null)
          expect(flag.reason).toContain(`${percent(account.answerRate)} across the account`)
        if (previous.ended >= MIN_ENDED_CALLS)
          expect(flag.reason).toContain(`${percent(previous.answerRate ?? 0)} of the ${previous.ended} before`)
        const benchmark = Math.max(
          previous.ended >= MIN_ENDED_CALLS ? (previous.answerRate ?? 0) : 0,
          account.answerRate ?? 0,
        )
        expect(recent.answerRate ?? 1).toBeLessThan(benchmark)
      }),
    )
  })
})
