import { describe, expect, it } from 'vitest'
import { addMonths, periodEndOf, periodStartOf, periodsBetween, usageFigures } from './billing'
import { usedMinutesByPeriod } from './usage'

const utc = (iso: string) => Date.parse(iso)

describe('billing periods (UTC calendar months)', () => {
  it('puts an instant in the month that holds it in UTC', () => {
    expect(periodStartOf(utc('2026-11-30T23:59:59Z'))).toBe(utc('2026-11-01T00:00:00Z'))
    expect(periodStartOf(utc('2026-12-01T00:00:00Z'))).toBe(utc('2026-12-01T00:00:00Z'))
  })

  it('ends a period where the next begins, across years', () => {
    expect(periodEndOf(utc('2026-12-01T00:00:00Z'))).toBe(utc('2027-01-01T00:00:00Z'))
    expect(addMonths(utc('2026-01-01T00:00:00Z'), -1)).toBe(utc('2025-12-01T00:00:00Z'))
  })

  it('lists periods from contract start to now, newest first', () => {
    expect(periodsBetween(utc('2026-09-10T00:00:00Z'), utc('2026-11-15T00:00:00Z'))).toEqual([
      utc('2026-11-01T00:00:00Z'),
      utc('2026-10-01T00:00:00Z'),
      utc('2026-09-01T00:00:00Z'),
    ])
  })
})

describe('usageFigures', () => {
  it('derives remaining, overage and a two-decimal percentage', () => {
    expect(usageFigures(300, 100)).toEqual({
      committed_minutes: 300,
      actual_minutes_used: 100,
      remaining_minutes: 200,
      overage_minutes: 0,
      usage_percent: 33.33,
    })
    expect(usageFigures(100, 150)).toMatchObject({ remaining_minutes: 0, overage_minutes: 50, usage_percent: 150 })
    expect(usageFigures(0, 10).usage_percent).toBe(0)
  })
})

describe('usedMinutesByPeriod', () => {
  it('subtracts calls still in progress from their creation period', () => {
    const nov = utc('2026-11-01T00:00:00Z')
    const used = usedMinutesByPeriod(
      [{ period_start_ms: nov, planned_minutes: 50 }],
      [{ created_at_ms: utc('2026-11-30T23:59:00Z'), billed_minutes: 3 }],
    )
    expect(used.get(nov)).toBe(47)
  })
})
