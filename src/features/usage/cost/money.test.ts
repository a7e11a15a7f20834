import { describe, expect, it } from 'vitest'
import { periodPace } from '@/api/contract/period-pace'
import { costOf, formatMoney, formatRate, minorDigits } from './money'
import { periodMoney } from './period-money'

const TENTHS_OF_A_CENT_USD = { divisor: 1000, currency: 'USD' }
const DAY = 86_400_000

describe('minutes into money', () => {
  it('divides the rate by what it counts: 45 tenths of a cent is $0.045 a minute, 45 cents $0.45, 45 units $45', () => {
    expect(costOf(143, 45, TENTHS_OF_A_CENT_USD)).toBe(6.44)
    expect(costOf(143, 45, { divisor: 100, currency: 'USD' })).toBe(64.35)
    expect(costOf(143, 45, { divisor: 1, currency: 'USD' })).toBe(6435)
    expect(costOf(143, 45, { divisor: 10_000, currency: 'EUR' })).toBe(0.64)
    expect(formatRate(45, TENTHS_OF_A_CENT_USD)).toBe('$0.045')
    expect(formatRate(45, { divisor: 100, currency: 'EUR' })).toBe('€0.45')
    expect(formatRate(7, { divisor: 10_000, currency: 'USD' })).toBe('$0.0007')
  })

  it('rounds half up to the currency’s smallest unit, once, from the exact product', () => {
    // 6,435 tenths of a cent is 643.5 cents: half a cent rounds up.
    expect(costOf(143, 45, TENTHS_OF_A_CENT_USD)).toBe(6.44)
    // 6,434 tenths of a cent is 643.4 cents: down.
    expect(costOf(3217, 2, TENTHS_OF_A_CENT_USD)).toBe(6.43)
    // A yen has no smaller unit; a Kuwaiti dinar has three digits.
    expect(minorDigits('JPY')).toBe(0)
    expect(costOf(101, 5, { divisor: 10, currency: 'JPY' })).toBe(51)
    expect(costOf(101, 5, { divisor: 1000, currency: 'KWD' })).toBe(0.505)
    expect(costOf(0, 45, TENTHS_OF_A_CENT_USD)).toBe(0)
  })

  it('is written in the currency’s own style', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50')
    expect(formatMoney(6.44, 'EUR')).toBe('€6.44')
    expect(formatMoney(1235, 'JPY')).toBe('¥1,235')
    expect(formatMoney(0, 'GBP')).toBe('£0.00')
  })
})

describe('the period in money', () => {
  // A 30-day period, 10 whole days in at 100 minutes a day, 1,000 used, 4,000 committed.
  const start = Date.parse('2026-11-01T00:00:00Z')
  const days = Array.from({ length: 11 }, (_, i) => ({
    fromMs: start + i * DAY,
    toMs: start + (i + 1) * DAY,
    minutes: 100,
  }))
  const pace = periodPace({
    days,
    periodStartMs: start,
    periodEndMs: start + 30 * DAY,
    nowMs: start + 10 * DAY,
    usedMinutes: 1000,
    committedMinutes: 4000,
  })

  it('projects the cost from the minutes’ own projection, rounded as the pacing card rounds them', () => {
    expect(pace).toMatchObject({ kind: 'projection', projectedMinutes: 3000 })
    expect(periodMoney({ usedMinutes: 1000, committedMinutes: 4000, pace }, 45, TENTHS_OF_A_CENT_USD)).toEqual({
      soFar: 45,
      projected: 135,
      projectedMinutes: 3000,
      committedValue: 180,
    })
  })

  it('projects nothing while it is too early, and still says what so far and the commitment cost', () => {
    const early = periodPace({
      days: days.slice(0, 2),
      periodStartMs: start,
      periodEndMs: start + 30 * DAY,
      nowMs: start + 2 * DAY,
      usedMinutes: 200,
      committedMinutes: 4000,
    })
    expect(periodMoney({ usedMinutes: 200, committedMinutes: 4000, pace: early }, 45, TENTHS_OF_A_CENT_USD)).toEqual({
      soFar: 9,
      projected: null,
      projectedMinutes: null,
      committedValue: 180,
    })
  })
})
