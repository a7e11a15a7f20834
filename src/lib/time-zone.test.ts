import { describe, expect, it } from 'vitest'
import {
  addDays,
  dateInZone,
  dayStartInZone,
  isoInZone,
  resolveTimeZone,
  toInstantInZone,
  zoneAbbreviation,
  zoneLabel,
  zoneOffsetMinutes,
} from './time-zone'

const LA = 'America/Los_Angeles'

describe('the calendar day of an instant', () => {
  it('differs by zone across midnight', () => {
    // 03:30 UTC on Nov 20 is still the evening of Nov 19 in Los Angeles.
    expect(dateInZone('2026-11-20T03:30:00Z', 'UTC')).toBe('2026-11-20')
    expect(dateInZone('2026-11-20T03:30:00Z', LA)).toBe('2026-11-19')
    expect(dateInZone('nope', LA)).toBe('')
  })
})

describe('the start of a day in a zone', () => {
  it('is midnight with the offset of that day', () => {
    expect(dayStartInZone('2026-11-19', 'UTC')).toBe('2026-11-19T00:00:00Z')
    expect(dayStartInZone('2026-11-19', LA)).toBe('2026-11-19T00:00:00-08:00')
    expect(dayStartInZone('2026-07-04', LA)).toBe('2026-07-04T00:00:00-07:00')
  })
  it('follows the DST change: the days around it have different offsets and lengths', () => {
    // Clocks in Los Angeles go forward on 2026-03-08 at 02:00 and back on 2026-11-01 at 02:00.
    expect(dayStartInZone('2026-03-08', LA)).toBe('2026-03-08T00:00:00-08:00')
    expect(dayStartInZone('2026-03-09', LA)).toBe('2026-03-09T00:00:00-07:00')
    const hours = (a: string, b: string) =>
      (Date.parse(dayStartInZone(b, LA)) - Date.parse(dayStartInZone(a, LA))) / 3.6e6
    expect(hours('2026-03-08', '2026-03-09')).toBe(23)
    expect(hours('2026-11-01', '2026-11-02')).toBe(25)
  })
  it('starts when the clocks jump where a DST change skips midnight', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06.
    expect(dayStartInZone('2026-09-06', 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00')
  })
  it('leaves date-times and unreadable values alone', () => {
    expect(toInstantInZone('2026-11-19T10:00:00Z', LA)).toBe('2026-11-19T10:00:00Z')
    expect(toInstantInZone('2026-11-19', LA)).toBe('2026-11-19T00:00:00-08:00')
    expect(dayStartInZone('19/11/2026', LA)).toBe('19/11/2026')
  })
})

describe('calendar arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-11-19', -6)).toBe('2026-11-13')
  })
})

describe('offsets and names', () => {
  it('reads the offset at an instant', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-11-19T12:00:00Z'), LA)).toBe(-480)
    expect(zoneOffsetMinutes(Date.parse('2026-07-19T12:00:00Z'), LA)).toBe(-420)
    expect(zoneOffsetMinutes(Date.parse('2026-07-19T12:00:00Z'), 'UTC')).toBe(0)
    expect(isoInZone(Date.parse('2026-11-20T03:30:00Z'), LA)).toBe('2026-11-19T19:30:00-08:00')
  })
  it('names the zone as a page says it', () => {
    const winter = Date.parse('2026-11-19T12:00:00Z')
    expect(zoneAbbreviation(LA, winter)).toBe('PST')
    expect(zoneAbbreviation(LA, Date.parse('2026-07-19T12:00:00Z'))).toBe('PDT')
    expect(zoneLabel('UTC', winter)).toBe('UTC')
    expect(zoneLabel(LA, winter)).toBe('America/Los Angeles (PST)')
  })
  it('resolves a preference on this browser', () => {
    expect(resolveTimeZone('UTC')).toBe('UTC')
    expect(resolveTimeZone('browser')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(resolveTimeZone(undefined)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
