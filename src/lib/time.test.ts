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
    expect(formatRelative('2026-11-22T11:59:58Z', now, 'UTC', 'en')).toBe('now')
    expect(formatRelative('2026-11-22T11:59:30Z', now, 'UTC', 'en')).toBe('30 seconds ago')
    expect(formatRelative('2026-11-22T11:55:00Z', now, 'UTC', 'en')).toBe('5 minutes ago')
    expect(formatRelative('2026-11-22T09:00:00Z', now, 'UTC', 'en')).toBe('3 hours ago')
    expect(formatRelative('2026-11-21T12:00:00Z', now, 'UTC', 'en')).toBe('yesterday')
    expect(formatRelative('2026-09-01T12:00:00Z', now, 'UTC', 'en')).toBe('2 months ago')
    expect(formatRelative('2024-11-01T12:00:00Z', now, 'UTC', 'en')).toBe('2 years ago')
  })
  it('handles the future and unreadable input', () => {
    expect(formatRelative('2026-11-22T12:10:00Z', now, 'UTC', 'en')).toBe('in 10 minutes')
    expect(formatRelative('2026-11-23T01:00:00Z', now, 'UTC', 'en')).toBe('tomorrow')
    expect(formatRelative('not a date', now, 'UTC', 'en')).toBe('not a date')
  })
})

// Each case: when the call was, when it is read, in which zone, and what the person reads.
const relative = (call: string, read: string, zone: string) => formatRelative(call, Date.parse(read), zone, 'en')

describe('formatRelative counts calendar days in the viewer’s zone, as the Yesterday filter does', () => {
  it('calls a call of two days ago so, however few hours have passed', () => {
    // Dec 4, 22:37 in Los Angeles, read on Dec 6 at 05:50 there: 31 hours, but two days on the calendar.
    expect(relative('2026-12-05T06:37:00Z', '2026-12-06T13:50:00Z', 'America/Los_Angeles')).toBe('2 days ago')
    // The same two instants in UTC are Dec 5, 06:37 and Dec 6, 13:50.
    expect(relative('2026-12-05T06:37:00Z', '2026-12-06T13:50:00Z', 'UTC')).toBe('yesterday')
  })
  it('says yesterday across midnight, and hours only within the day', () => {
    expect(relative('2026-12-05T23:10:00Z', '2026-12-06T00:30:00Z', 'UTC')).toBe('yesterday')
    expect(relative('2026-12-05T23:50:00Z', '2026-12-06T00:30:00Z', 'UTC')).toBe('40 minutes ago')
    expect(relative('2026-12-06T00:10:00Z', '2026-12-06T23:50:00Z', 'UTC')).toBe('23 hours ago')
    // 21:00 UTC on Dec 5 is already Dec 6 in Tokyo, and 14:00 UTC on Dec 5 is still Dec 5 there.
    expect(relative('2026-12-05T21:00:00Z', '2026-12-06T02:00:00Z', 'Asia/Tokyo')).toBe('5 hours ago')
    expect(relative('2026-12-05T14:00:00Z', '2026-12-05T16:00:00Z', 'Asia/Tokyo')).toBe('yesterday')
  })
  it('counts the short day when New York’s clocks go forward', () => {
    // Mar 13, 23:30 EST read on Mar 14 at 23:00 EDT: 22.5 hours, the day before.
    expect(relative('2027-03-14T04:30:00Z', '2027-03-15T03:00:00Z', 'America/New_York')).toBe('yesterday')
    // 00:30 EST and 03:10 EDT on Mar 14: one real hour and 40 minutes, the same day.
    expect(relative('2027-03-14T05:30:00Z', '2027-03-14T07:10:00Z', 'America/New_York')).toBe('1 hour ago')
    // Mar 12, 23:00 EST read on Mar 14 at 00:30 EST: two days on the calendar.
    expect(relative('2027-03-13T04:00:00Z', '2027-03-14T05:30:00Z', 'America/New_York')).toBe('2 days ago')
  })
  it('counts the long day when Berlin’s clocks go back', () => {
    // 00:10 CEST and 23:50 CET on Oct 31: 24 hours and 40 minutes, still the same day.
    expect(relative('2027-10-30T22:10:00Z', '2027-10-31T22:50:00Z', 'Europe/Berlin')).toBe('24 hours ago')
    // Oct 30, 23:59 CEST read on Oct 31 at 00:30 CEST: half an hour, across midnight.
    expect(relative('2027-10-30T21:59:00Z', '2027-10-30T22:30:00Z', 'Europe/Berlin')).toBe('31 minutes ago')
    expect(relative('2027-10-30T20:00:00Z', '2027-10-30T22:30:00Z', 'Europe/Berlin')).toBe('yesterday')
    expect(relative('2027-10-29T21:30:00Z', '2027-10-31T22:50:00Z', 'Europe/Berlin')).toBe('2 days ago')
  })
  it('turns the year on the viewer’s calendar', () => {
    expect(relative('2026-12-31T23:00:00Z', '2027-01-01T01:10:00Z', 'UTC')).toBe('yesterday')
    expect(relative('2026-12-30T20:00:00Z', '2027-01-01T08:00:00Z', 'UTC')).toBe('2 days ago')
    // Already Jan 1 in Auckland (UTC+13) at 11:00 UTC on Dec 31; still Dec 31 in Los Angeles.
    expect(relative('2026-12-31T10:00:00Z', '2026-12-31T12:00:00Z', 'Pacific/Auckland')).toBe('yesterday')
    expect(relative('2026-12-31T10:00:00Z', '2026-12-31T12:00:00Z', 'America/Los_Angeles')).toBe('2 hours ago')
    expect(relative('2026-11-15T12:00:00Z', '2027-01-10T12:00:00Z', 'UTC')).toBe('2 months ago')
    expect(relative('2025-12-20T12:00:00Z', '2027-01-10T12:00:00Z', 'UTC')).toBe('last year')
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
