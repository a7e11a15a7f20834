import { describe, expect, it } from 'vitest'
import {
  formatCompact,
  formatDay,
  formatFull,
  formatRelative,
  formatStepTime,
  formatUpdatedAgo,
  secondsSince,
} from './time'

const now = Date.parse('2026-11-22T12:00:00Z')

describe('formatRelative', () => {
  it('says how long ago, in the largest sensible unit', () => {
    expect(formatRelative('2026-11-22T11:59:58Z', now, 'en')).toBe('now')
    expect(formatRelative('2026-11-22T11:59:30Z', now, 'en')).toBe('30 seconds ago')
    expect(formatRelative('2026-11-22T11:55:00Z', now, 'en')).toBe('5 minutes ago')
    expect(formatRelative('2026-11-22T09:00:00Z', now, 'en')).toBe('3 hours ago')
    expect(formatRelative('2026-11-21T12:00:00Z', now, 'en')).toBe('yesterday')
    expect(formatRelative('2026-09-01T12:00:00Z', now, 'en')).toBe('2 months ago')
    expect(formatRelative('2024-11-01T12:00:00Z', now, 'en')).toBe('2 years ago')
  })
  it('handles the future and unreadable input', () => {
    expect(formatRelative('2026-11-22T12:10:00Z', now, 'en')).toBe('in 10 minutes')
    expect(formatRelative('not a date', now, 'en')).toBe('not a date')
  })
})

const LA = 'America/Los_Angeles'

describe('exact times in a zone', () => {
  it('are compact in tables, with the year only when it is not this year', () => {
    expect(formatCompact('2026-11-19T22:32:00Z', 'UTC', now)).toBe('Nov 19, 22:32')
    expect(formatCompact('2026-11-19T22:32:00Z', LA, now)).toBe('Nov 19, 14:32')
    expect(formatCompact('2025-12-31T23:59:00Z', 'UTC', now)).toBe('Dec 31, 2025, 23:59')
    // New Year's Eve in Los Angeles is already next year in UTC.
    expect(formatCompact('2026-01-01T03:00:00Z', LA, now)).toBe('Dec 31, 2025, 19:00')
    expect(formatCompact('nope', 'UTC', now)).toBe('nope')
  })
  it('say everything, zone included, in full', () => {
    expect(formatFull('2026-11-19T22:32:05Z', 'UTC')).toBe('Thu, Nov 19, 2026, 22:32:05 UTC')
    expect(formatFull('2026-11-19T22:32:05Z', LA)).toBe('Thu, Nov 19, 2026, 14:32:05 PST')
    expect(formatFull('2026-07-19T22:32:05Z', LA)).toBe('Sun, Jul 19, 2026, 15:32:05 PDT')
  })
  it('show a day in the zone', () => {
    expect(formatDay('2026-11-20T03:00:00Z', 'UTC')).toBe('Nov 20, 2026')
    expect(formatDay('2026-11-20T03:00:00Z', LA)).toBe('Nov 19, 2026')
  })
  it('give a step its date when it is not today in the zone', () => {
    // now is 2026-11-22 12:00 UTC, 04:00 in Los Angeles.
    expect(formatStepTime('2026-11-22T11:59:58Z', 'UTC', now)).toBe('11:59:58')
    expect(formatStepTime('2026-11-22T11:59:58Z', LA, now)).toBe('03:59:58')
    // 07:30 UTC on the 22nd is still the 21st in Los Angeles: across midnight there, it carries the date.
    expect(formatStepTime('2026-11-22T07:30:00Z', 'UTC', now)).toBe('07:30:00')
    expect(formatStepTime('2026-11-22T07:30:00Z', LA, now)).toBe('Nov 21, 23:30:00')
    expect(formatStepTime('2025-11-22T07:30:00Z', 'UTC', now)).toBe('Nov 22, 2025, 07:30:00')
  })
})

describe('elapsed time', () => {
  it('counts whole seconds, never negative', () => {
    expect(secondsSince('2026-11-22T11:59:00Z', now)).toBe(60)
    expect(secondsSince(now - 1500, now)).toBe(1)
    expect(secondsSince(now + 5000, now)).toBe(0)
    expect(secondsSince('garbage', now)).toBe(0)
  })
  it('says when data was last updated', () => {
    expect(formatUpdatedAgo(now - 3000, now)).toBe('Updated 3 s ago')
    expect(formatUpdatedAgo(now - 125_000, now)).toBe('Updated 2 min ago')
  })
})
