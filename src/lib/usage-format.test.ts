import { describe, expect, it } from 'vitest'
import {
  daysLeft,
  formatDate,
  formatDateInZone,
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
  periodInUtcText,
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
  it('formats percent as whole numbers, never with false decimals', () => {
    expect(formatPercent(42)).toBe('42%')
    expect(formatPercent(42.0)).toBe('42%')
    expect(formatPercent(56.82)).toBe('57%')
    expect(formatPercent(24.6)).toBe('25%')
    expect(formatPercent(100)).toBe('100%')
    expect(formatPercent(0)).toBe('0%')
    expect(formatPercent(123.456)).toBe('123%')
    expect(formatPercent(1234.5)).toBe('1,235%')
  })
  it('keeps one decimal where a whole number would land on 0, 80 or 100 without being there', () => {
    expect(formatPercent(99.5)).toBe('99.5%')
    expect(formatPercent(99.96)).toBe('99.9%')
    expect(formatPercent(100.2)).toBe('100.2%')
    expect(formatPercent(100.01)).toBe('100.1%')
    expect(formatPercent(79.6)).toBe('79.6%')
    expect(formatPercent(80.4)).toBe('80.4%')
    expect(formatPercent(0.4)).toBe('0.4%')
    expect(formatPercent(0.01)).toBe('<0.1%')
    expect(formatPercent(98.5)).toBe('99%')
    expect(formatPercent(Number.NaN)).toBe('—')
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

const LA = 'America/Los_Angeles'

describe('dates', () => {
  it('formats a day in the chosen zone, and says which zone when asked', () => {
    expect(formatDate('2026-11-01T00:00:00Z', 'UTC')).toBe('Nov 1, 2026')
    expect(formatDate('2026-11-01T00:00:00Z', LA)).toBe('Oct 31, 2026')
    expect(formatDateInZone('2026-11-26T03:00:00Z', 'UTC')).toBe('Nov 26, 2026 (UTC)')
    expect(formatDateInZone('2026-11-26T03:00:00Z', LA)).toBe('Nov 25, 2026 (PST)')
    expect(formatDateInZone('2026-07-04T12:00:00Z', LA)).toBe('Jul 4, 2026 (PDT)')
  })
  it('labels a period by its month and full year, in the chosen zone', () => {
    expect(formatPeriodLabel('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z', 'UTC')).toBe('Jun 2026')
    expect(formatPeriodLabel('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z', 'UTC')).toBe('Dec 2026')
    // The UTC month of November starts on Oct 31 in Los Angeles; most of it is still November there.
    expect(formatPeriodLabel('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', LA)).toBe('Nov 2026')
    expect(formatPeriodLabel('2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', LA)).toBe('Jan 2027')
    // A month that is Los Angeles' own.
    expect(formatPeriodLabel('2026-11-01T07:00:00Z', '2026-12-01T08:00:00Z', LA)).toBe('Nov 2026')
  })
  it("writes a period as its two instants on the reader's clock, the zone named once", () => {
    expect(formatPeriod('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', 'UTC')).toBe(
      'Nov 1, 2026, 00:00 – Dec 1, 2026, 00:00 (UTC)',
    )
    // The issue's own example: a UTC month read in Berlin.
    expect(formatPeriod('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z', 'Europe/Berlin')).toBe(
      'Dec 1, 2026, 01:00 – Jan 1, 2027, 01:00 (GMT+1)',
    )
    expect(formatPeriodParts('2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', LA)).toEqual({
      first: 'Dec 31, 2026, 16:00',
      last: 'Jan 31, 2027, 16:00',
      zone: 'PST',
    })
    // Bounds at Los Angeles' own midnights are written the same way: no second style for "whole days".
    expect(formatPeriod('2026-12-01T08:00:00Z', '2027-01-01T08:00:00Z', LA)).toBe(
      'Dec 1, 2026, 00:00 – Jan 1, 2027, 00:00 (PST)',
    )
  })
  it("names each bound's zone when the clock changes inside the period", () => {
    expect(formatPeriod('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', LA)).toBe(
      'Oct 31, 2026, 17:00 PDT – Nov 30, 2026, 16:00 PST',
    )
    expect(formatPeriod('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', 'Europe/Berlin')).toBe(
      'Oct 1, 2026, 02:00 GMT+2 – Nov 1, 2026, 01:00 GMT+1',
    )
  })
  it('gives the UTC reading for a hover, and an unreadable bound as it came', () => {
    expect(periodInUtcText('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z')).toBe(
      'In UTC, as the service counts it: Dec 1, 2026, 00:00 – Jan 1, 2027, 00:00 (UTC)',
    )
    expect(formatPeriod('soon', '2027-01-01T00:00:00Z', 'UTC')).toBe('soon – 2027-01-01T00:00:00Z')
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
