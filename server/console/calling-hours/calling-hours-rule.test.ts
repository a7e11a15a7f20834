// The rule at fixed instants, in several zones and across DST changes: never today's date.
import { describe, expect, it } from 'vitest'
import { callingHoursAt } from './calling-hours-rule'
import { type CallingHours, parseCallingWindow, parseWindowsByCountry } from './calling-window'

const HOURS: CallingHours = { window: parseCallingWindow('08:00-21:00'), byCountry: new Map() }
const at = (iso: string) => Date.parse(iso)
const denver = { zones: ['America/Denver'], country: 'US' }

describe('one zone', () => {
  it('refuses 22:14 in Denver in summer (UTC-6), says so, and says when calls open', () => {
    const answer = callingHoursAt(denver, HOURS, at('2026-07-15T04:14:00Z'))
    expect(answer).toMatchObject({ allowed: false, zones: ['America/Denver'], localTimes: ['22:14'] })
    expect(answer.sentence).toBe(
      'It is 22:14 for the callee (America/Denver); calls are allowed 08:00–21:00. Calls to this number open in 9 h 46 min.',
    )
    expect(answer.opensAt).toBe(at('2026-07-15T14:00:00Z'))
  })

  it('holds the window’s edges in winter (UTC-7): 07:59 refused, 08:00 allowed, 21:00 refused', () => {
    expect(callingHoursAt(denver, HOURS, at('2026-01-15T14:59:00Z'))).toMatchObject({
      allowed: false,
      opensAt: at('2026-01-15T15:00:00Z'),
    })
    expect(callingHoursAt(denver, HOURS, at('2026-01-15T15:00:00Z'))).toMatchObject({
      allowed: true,
      localTimes: ['08:00'],
    })
    expect(callingHoursAt(denver, HOURS, at('2026-01-16T04:00:00Z')).allowed).toBe(false)
  })

  it('opens at 08:00 by the new clock on the day the clocks spring forward (New York, 8 March 2026)', () => {
    // 01:00 EST; 08:00 EDT is 12:00Z, six hours on, not seven.
    const answer = callingHoursAt({ zones: ['America/New_York'], country: 'US' }, HOURS, at('2026-03-08T06:00:00Z'))
    expect(answer.opensAt).toBe(at('2026-03-08T12:00:00Z'))
    expect(answer.sentence).toContain('open in 6 h 0 min')
  })

  it('opens at 08:00 by the new clock on the day the clocks fall back (Berlin, 25 October 2026)', () => {
    // 00:00 CEST; 08:00 CET is 07:00Z, nine hours on.
    const answer = callingHoursAt({ zones: ['Europe/Berlin'], country: 'DE' }, HOURS, at('2026-10-24T22:00:00Z'))
    expect(answer).toMatchObject({ allowed: false, localTimes: ['00:00'], opensAt: at('2026-10-25T07:00:00Z') })
  })
})

describe('a number spanning several zones', () => {
  const panhandle = { zones: ['America/Chicago', 'America/New_York'], country: 'US' }

  it('is allowed only while every zone is inside the window', () => {
    const early = callingHoursAt(panhandle, HOURS, at('2026-07-15T12:30:00Z'))
    expect(early).toMatchObject({ allowed: false, localTimes: ['07:30', '08:30'], opensAt: at('2026-07-15T13:00:00Z') })
    expect(early.sentence).toBe(
      'It is 07:30 for the callee (America/Chicago); calls are allowed 08:00–21:00. The number spans America/Chicago, America/New_York: a call must be inside them in each. Calls to this number open in 30 min.',
    )
    expect(callingHoursAt(panhandle, HOURS, at('2026-07-16T00:30:00Z')).allowed).toBe(true)
    const late = callingHoursAt(panhandle, HOURS, at('2026-07-16T01:30:00Z'))
    expect(late).toMatchObject({ allowed: false, localTimes: ['20:30', '21:30'], opensAt: at('2026-07-16T13:00:00Z') })
    expect(late.sentence).toContain('It is 21:30 for the callee (America/New_York)')
  })

  it('says when no hour suits every zone (09:00-17:00 in Tokyo and New York, 13 hours apart)', () => {
    const hours = { ...HOURS, window: parseCallingWindow('09:00-17:00') }
    const zones = ['Asia/Tokyo', 'America/New_York']
    const answer = callingHoursAt({ zones, country: null }, hours, at('2026-07-15T04:14:00Z'))
    expect(answer).toMatchObject({ allowed: false, opensAt: null })
    expect(answer.sentence).toContain('No hour is inside them in every one of its zones; an admin may allow one call.')
  })
})

describe('what the number does not tell, and countries of their own', () => {
  it('allows a number whose zones are unknown, and says why', () => {
    expect(callingHoursAt({ zones: [], country: null }, HOURS, at('2026-07-15T04:14:00Z'))).toMatchObject({
      allowed: true,
      zones: [],
      opensAt: null,
      sentence: 'The number does not tell where the callee is, so calling hours do not hold this call back.',
    })
  })

  it('holds a country to its own window, and the rest to the console’s', () => {
    const hours = { ...HOURS, byCountry: parseWindowsByCountry('DE=09:00-20:00') }
    // 08:30 in both Berlin (CEST) and London (BST).
    const berlin = callingHoursAt({ zones: ['Europe/Berlin'], country: 'DE' }, hours, at('2026-07-15T06:30:00Z'))
    expect(berlin).toMatchObject({ allowed: false, window: { start: 540, end: 1200 } })
    expect(berlin.sentence).toContain('calls are allowed 09:00–20:00')
    const london = callingHoursAt({ zones: ['Europe/London'], country: 'GB' }, hours, at('2026-07-15T07:30:00Z'))
    expect(london).toMatchObject({ allowed: true, localTimes: ['08:30'], window: { start: 480, end: 1260 } })
  })
})
