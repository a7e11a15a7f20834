import { describe, expect, it } from 'vitest'
import {
  daysLeft,
  formatDate,
  formatElapsed,
  formatMinutes,
  formatPercent,
  formatPeriod,
  formatPeriodLabel,
  formatPeriodParts,
  formatRate,
  formatWait,
  groupDigits,
  percentOfCommitment,
  usageLevel,
} from './usage-format'

describe('groupDigits', () => {
  it('groups a code in threes', () => {
    expect(groupDigits('482913')).toBe('482 913')
    expect(groupDigits('123456789')).toBe('123 456 789')
    expect(groupDigits('12345')).toBe('123 45')
  })
  it('never leaves a lone digit and keeps short codes whole', () => {
    expect(groupDigits('1234567')).toBe('123 45 67')
    expect(groupDigits('1234')).toBe('1234')
    expect(groupDigits('12')).toBe('12')
    expect(groupDigits('482 913')).toBe('482 913')
  })
})

describe('numbers', () => {
  it('formats percent with two decimals as the API gives it', () => {
    expect(formatPercent(24.6)).toBe('24.60%')
    expect(formatPercent(100)).toBe('100.00%')
    expect(formatPercent(123.456)).toBe('123.46%')
  })
  it('computes percent of commitment, null for no commitment', () => {
    expect(percentOfCommitment(1234, 5000)).toBe(24.68)
    expect(percentOfCommitment(6000, 5000)).toBe(120)
    expect(percentOfCommitment(10, 0)).toBeNull()
  })
  it('formats minutes with separators, and a pace with one decimal', () => {
    expect(formatMinutes(12345)).toBe('12,345 min')
    expect(formatRate(0.476)).toBe('0.5')
    expect(formatRate(1234.56)).toBe('1,234.6')
  })
  it('changes level at 80% and 100%', () => {
    expect(usageLevel(79.99)).toBe('normal')
    expect(usageLevel(80)).toBe('warning')
    expect(usageLevel(100)).toBe('over')
    expect(usageLevel(null)).toBe('normal')
  })
})

describe('dates', () => {
  it('formats period dates in UTC', () => {
    expect(formatDate('2026-11-01T00:00:00Z')).toBe('Nov 1, 2026')
    expect(formatPeriodLabel('2026-11-01T00:00:00Z')).toBe('Nov 26')
  })
  it('shows the last day of a period, whose end the API gives as exclusive', () => {
    expect(formatPeriod('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')).toBe('Nov 1 – Nov 30, 2026')
    expect(formatPeriod('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z')).toBe('Dec 1 – Dec 31, 2026')
    expect(formatPeriod('2026-12-15T00:00:00Z', '2027-01-15T00:00:00Z')).toBe('Dec 15, 2026 – Jan 14, 2027')
    expect(formatPeriodParts('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')).toEqual({
      first: 'Nov 1',
      last: 'Nov 30, 2026',
    })
    // An end inside a day leaves that day in the period.
    expect(formatPeriod('2026-11-01T00:00:00Z', '2026-12-01T05:00:00Z')).toBe('Nov 1 – Dec 1, 2026')
  })
  it('counts days left, rounding up and never below zero', () => {
    const now = Date.parse('2026-11-22T03:00:00Z')
    expect(daysLeft('2026-12-01T00:00:00Z', now)).toBe(9)
    expect(daysLeft('2026-11-01T00:00:00Z', now)).toBe(0)
  })
  it('formats elapsed time', () => {
    expect(formatElapsed(7_000)).toBe('0:07')
    expect(formatElapsed(750_000)).toBe('12:30')
    expect(formatElapsed(3_723_000)).toBe('1:02:03')
    expect(formatElapsed(-5)).toBe('0:00')
  })
  it('says how long a wait lasts in words', () => {
    expect(formatWait(600_000)).toBe('10 minutes')
    expect(formatWait(60_000)).toBe('1 minute')
    expect(formatWait(4_000)).toBe('4 seconds')
    expect(formatWait(90_000)).toBe('90 seconds')
  })
})
