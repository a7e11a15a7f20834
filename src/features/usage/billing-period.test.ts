import { describe, expect, it } from 'vitest'
import { resolvePeriod, unbrokenPeriodText } from './billing-period'

const usage = {
  period_start: '2026-11-01T00:00:00Z',
  period_end: '2026-12-01T00:00:00Z',
  actual_minutes_used: 120,
}
const october = {
  period_start: '2026-10-01T00:00:00Z',
  period_end: '2026-11-01T00:00:00Z',
  actual_minutes_used: 300,
}

describe('resolvePeriod', () => {
  it('is the current period without a period in the URL, with the service’s minutes', () => {
    expect(resolvePeriod(undefined, usage, [])).toEqual({
      kind: 'resolved',
      period: { from: usage.period_start, to: usage.period_end, current: true, serviceMinutes: 120 },
    })
  })

  it('finds a past period by its start, however the instant is written', () => {
    expect(resolvePeriod('2026-10-01T00:00:00.000Z', usage, [october])).toEqual({
      kind: 'resolved',
      period: { from: october.period_start, to: october.period_end, current: false, serviceMinutes: 300 },
    })
  })

  it('reads the current period’s start as the current period', () => {
    const resolved = resolvePeriod('2026-11-01T00:00:00+00:00', usage, [])
    expect(resolved.kind === 'resolved' && resolved.period.current).toBe(true)
  })

  it('says when a period is in none of the pages read, and when the service gave no dates', () => {
    expect(resolvePeriod('2025-01-01T00:00:00Z', usage, [october])).toEqual({ kind: 'not-found' })
    expect(resolvePeriod(undefined, { actual_minutes_used: 3 }, [])).toEqual({ kind: 'no-dates' })
  })

  it('asks for no breakdown of a period the console cannot read, and says why without calling it an error', () => {
    // A service may send any instants the spec allows (Prism makes them up): backwards, or a year long.
    const backwards = { period_start: '2026-12-01T00:00:00Z', period_end: '2026-11-01T00:00:00Z' }
    const yearLong = { period_start: '2026-01-01T00:00:00Z', period_end: '2027-01-01T00:00:00Z' }
    const resolved = resolvePeriod(undefined, backwards, [])
    expect(resolved).toEqual({ kind: 'unreadable', from: backwards.period_start, to: backwards.period_end })
    expect(resolvePeriod(undefined, yearLong, [])).toMatchObject({ kind: 'unreadable' })
    if (resolved.kind === 'unreadable')
      expect(unbrokenPeriodText(resolved, 'UTC')).toBe(
        'The service gave this period as Dec 1, 2026, 00:00 – Nov 1, 2026, 00:00 (UTC); the console breaks down periods that end after they start, within 93 days.',
      )
    // An instant that is not one is quoted as the service sent it.
    expect(unbrokenPeriodText({ kind: 'unreadable', from: 'soon', to: '2026-11-01T00:00:00Z' }, 'UTC')).toMatch(
      /^The service gave this period as soon – 2026-11-01T00:00:00Z;/,
    )
  })
})
