import { describe, expect, it } from 'vitest'
import { openedSearch, sameFilters, viewDatesText, viewTitle, withoutDates } from './view-dates'

const LA = 'America/Los_Angeles'
const wednesday = Date.parse('2026-11-26T10:00:00Z')
const weekLater = wednesday + 7 * 24 * 3_600_000

describe('a relative view', () => {
  it('opens on the range of the day it is opened, a week later too', () => {
    const view = { status: 'DIALER_FAILED' }
    expect(openedSearch(view, 'last-7-days', 'UTC', wednesday)).toEqual({
      status: 'DIALER_FAILED',
      from_date: '2026-11-20T00:00:00Z',
      to_date: '2026-11-27T00:00:00Z',
    })
    expect(openedSearch(view, 'last-7-days', 'UTC', weekLater)).toEqual({
      status: 'DIALER_FAILED',
      from_date: '2026-11-27T00:00:00Z',
      to_date: '2026-12-04T00:00:00Z',
    })
    expect(openedSearch(view, 'today', LA, wednesday)).toMatchObject({ from_date: '2026-11-26T00:00:00-08:00' })
  })

  it('opens the billing period from the service’s own start, and with no dates while it is unknown', () => {
    const period = { start: '2026-11-01T00:00:00Z' }
    expect(openedSearch({}, 'billing-period', LA, wednesday, period)).toEqual({
      from_date: '2026-11-01T00:00:00Z',
      to_date: undefined,
    })
    expect(openedSearch({}, 'billing-period', LA, wednesday)).toEqual({ from_date: undefined, to_date: undefined })
  })

  it('keeps a fixed view’s dates as they were saved', () => {
    const fixed = { from_date: '2026-11-19T00:00:00Z', to_date: '2026-11-26T00:00:00Z' }
    expect(openedSearch(fixed, null, 'UTC', weekLater)).toBe(fixed)
  })

  it('is saved without the dates its preset gives each day', () => {
    expect(withoutDates({ status: 'DIALER_FAILED', from_date: 'x', to_date: 'y' })).toEqual({ status: 'DIALER_FAILED' })
  })
})

describe('the name a view is listed under', () => {
  it('says a relative range as such, and fixed days as days', () => {
    expect(viewTitle('Failed', viewDatesText({}, 'last-7-days', 'UTC', wednesday))).toBe('Failed · last 7 days')
    expect(viewTitle('Failed', viewDatesText({}, 'billing-period', 'UTC', wednesday))).toBe(
      'Failed · this billing period',
    )
    const fixed = { from_date: '2026-11-19T00:00:00Z', to_date: '2026-11-26T00:00:00Z' }
    expect(viewTitle('Failed', viewDatesText(fixed, null, 'UTC', wednesday))).toBe('Failed · Nov 19 – Nov 25')
    // The same instants are other days in Los Angeles.
    expect(viewDatesText(fixed, null, LA, wednesday)).toBe('Nov 18 – Nov 25')
  })

  it('reads a single day, an open end, a plain date and another year', () => {
    // A plain date (a hand-written link) is the browser's own day, as the list reads it: shown in that zone it is
    // one day, whatever zone the machine running this is in (npm run test:dates runs it in Auckland too).
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(viewDatesText({ from_date: '2026-11-19', to_date: '2026-11-20' }, null, browserZone, wednesday)).toBe(
      'Nov 19',
    )
    expect(viewDatesText({ from_date: '2026-11-19T00:00:00Z' }, null, 'UTC', wednesday)).toBe('from Nov 19')
    expect(viewDatesText({ to_date: '2025-01-02T00:00:00Z' }, null, 'UTC', wednesday)).toBe('until Jan 1, 2025')
    expect(viewDatesText({ status: 'DIALER_FAILED' }, null, 'UTC', wednesday)).toBeNull()
  })

  it('is the name alone when it already says its dates, or has none', () => {
    expect(viewTitle('Failed, last 7 days', 'last 7 days')).toBe('Failed, last 7 days')
    expect(viewTitle('Everything', null)).toBe('Everything')
  })
})

describe('sameFilters', () => {
  it('compares what a view selects, whatever the order of its params and the page it is on', () => {
    expect(sameFilters({ a: 1, b: '2' }, { b: '2', a: 1, cursor: 'x', c: undefined })).toBe(true)
    expect(sameFilters({ a: 1 }, { a: 2 })).toBe(false)
  })
})
