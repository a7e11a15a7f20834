// The periods a report covers, on a fixed clock, in zones whose days are not UTC's (and across a DST change).
import { describe, expect, it } from 'vitest'
import { lastWholePeriod } from './report-periods'

const iso = (period: { startMs: number; endMs: number }) => [
  new Date(period.startMs).toISOString(),
  new Date(period.endMs).toISOString(),
]

describe('lastWholePeriod', () => {
  // Wednesday 2026-11-04, 06:30 UTC: 07:30 in Berlin, 01:30 in New York, 12:00 in Kolkata.
  const now = Date.parse('2026-11-04T06:30:00Z')

  it('is yesterday, from local midnight to local midnight', () => {
    expect(iso(lastWholePeriod('daily', 'UTC', now))).toEqual(['2026-11-03T00:00:00.000Z', '2026-11-04T00:00:00.000Z'])
    expect(iso(lastWholePeriod('daily', 'Europe/Berlin', now))).toEqual([
      '2026-11-02T23:00:00.000Z',
      '2026-11-03T23:00:00.000Z',
    ])
    // New York keeps EST (UTC-5) since Sunday the 1st.
    expect(iso(lastWholePeriod('daily', 'America/New_York', now))).toEqual([
      '2026-11-03T05:00:00.000Z',
      '2026-11-04T05:00:00.000Z',
    ])
  })

  it('is the last ISO week, Monday to Monday, 169 hours long across the end of summer time', () => {
    // New York's week of Monday 26 October: summer time ended on Sunday 1 November.
    const week = lastWholePeriod('weekly', 'America/New_York', now)
    expect(iso(week)).toEqual(['2026-10-26T04:00:00.000Z', '2026-11-02T05:00:00.000Z'])
    expect((week.endMs - week.startMs) / 3_600_000).toBe(169)
    expect(iso(lastWholePeriod('weekly', 'UTC', Date.parse('2026-11-09T00:00:00Z')))).toEqual([
      '2026-11-02T00:00:00.000Z',
      '2026-11-09T00:00:00.000Z',
    ])
  })

  it('is the last calendar month, in the zone, across a year', () => {
    expect(iso(lastWholePeriod('monthly', 'Asia/Kolkata', now))).toEqual([
      '2026-09-30T18:30:00.000Z',
      '2026-10-31T18:30:00.000Z',
    ])
    expect(iso(lastWholePeriod('monthly', 'UTC', Date.parse('2027-01-01T00:00:00Z')))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ])
  })
})
