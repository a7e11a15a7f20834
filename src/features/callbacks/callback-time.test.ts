import { describe, expect, it } from 'vitest'
import { callBackHref } from './call-back-link'
import { describeDue, instantOfWallClock, nextMorning, wallClockValue } from './callback-time'

// A Tuesday, 16:00 UTC: 10:00 in Chicago (CST, UTC-6), 17:00 in Paris (CET, UTC+1).
const TUESDAY = Date.parse('2026-12-08T16:00:00Z')

describe('a callback’s time', () => {
  it('reads in the callee’s zone first, and the person’s', () => {
    expect(describeDue(TUESDAY, ['America/Chicago'], 'Europe/Paris')).toBe(
      'Tue 10:00 for them (America/Chicago), 17:00 for you',
    )
    expect(describeDue(TUESDAY, ['America/Chicago'], 'America/Chicago')).toBe(
      'Tue 10:00 for them and for you (America/Chicago)',
    )
    // Across midnight the person's day is named too.
    expect(describeDue(Date.parse('2026-12-08T23:30:00Z'), ['Australia/Sydney'], 'UTC')).toBe(
      'Wed 10:30 for them (Australia/Sydney), Tue 23:30 for you',
    )
  })

  it('says so when the number spans several zones or tells none', () => {
    expect(describeDue(TUESDAY, ['America/Chicago', 'America/Denver'], 'UTC')).toBe(
      'Tue 16:00 for you (the number spans 2 time zones: America/Chicago, America/Denver)',
    )
    expect(describeDue(TUESDAY, [], 'UTC')).toBe('Tue 16:00 for you (the number does not tell their time zone)')
  })

  it('turns the form’s wall clock into an instant in the person’s zone and back, across a change of the clocks', () => {
    expect(instantOfWallClock('2026-12-08T17:00', 'Europe/Paris')).toBe(TUESDAY)
    expect(wallClockValue(TUESDAY, 'America/Chicago')).toBe('2026-12-08T10:00')
    // The night Paris moves to summer time: 03:30 exists, at UTC+2.
    expect(instantOfWallClock('2027-03-28T03:30', 'Europe/Paris')).toBe(Date.parse('2027-03-28T01:30:00Z'))
    expect(instantOfWallClock('Tuesday', 'UTC')).toBeNull()
  })

  it('offers the callee’s next 10:00', () => {
    expect(nextMorning(Date.parse('2026-12-08T12:00:00Z'), 'America/Chicago')).toBe(TUESDAY)
    expect(nextMorning(TUESDAY, 'America/Chicago')).toBe(Date.parse('2026-12-09T16:00:00Z'))
  })
})

describe('the Call back link', () => {
  it('fills New call with the number, the caller ID, the metadata and the callback’s id', () => {
    const href = callBackHref({
      id: 'cb_1',
      number: '+13125550123',
      caller_id: '+14155550100',
      metadata: { ticket: 'T-1', tries: 2, nested: { no: true }, callback_id: 'cb_0' },
    })
    const url = new URL(href, 'http://console.test')
    expect(url.pathname).toBe('/calls/new')
    expect([...url.searchParams]).toEqual([
      ['to', '+13125550123'],
      ['caller_id', '+14155550100'],
      ['meta.ticket', 'T-1'],
      ['meta.tries', '2'],
      ['meta.callback_id', 'cb_1'],
    ])
  })
})
