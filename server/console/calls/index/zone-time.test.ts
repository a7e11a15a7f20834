import { describe, expect, it } from 'vitest'
import { zonedTimeFormat } from './zone-time'

const at = (iso: string) => Date.parse(iso)

describe('zonedTimeFormat', () => {
  it('writes the zone’s wall clock with its offset, ISO 8601, milliseconds only when there are some', () => {
    const berlin = zonedTimeFormat('Europe/Berlin')
    expect(berlin(at('2026-11-23T14:05:09Z'))).toBe('2026-11-23T15:05:09+01:00')
    expect(berlin(at('2026-07-01T12:00:00.250Z'))).toBe('2026-07-01T14:00:00.250+02:00')
    expect(zonedTimeFormat('America/St_Johns')(at('2026-11-23T14:05:09Z'))).toBe('2026-11-23T10:35:09-03:30')
    expect(zonedTimeFormat('Asia/Kathmandu')(at('2026-11-23T14:05:09Z'))).toBe('2026-11-23T19:50:09+05:45')
    expect(zonedTimeFormat('UTC')(at('2026-11-23T14:05:09Z'))).toBe('2026-11-23T14:05:09+00:00')
  })

  it('tells apart the two 02:30s of the hour the clocks go back', () => {
    const berlin = zonedTimeFormat('Europe/Berlin')
    expect(berlin(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00')
    expect(berlin(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00')
  })

  it('is right on both sides of a change in the middle of an hour (Lord Howe moves by 30 minutes at 15:30 UTC)', () => {
    const lordHowe = zonedTimeFormat('Australia/Lord_Howe')
    // The same hour asked twice, in both orders: what is remembered of it must not leak across the change.
    expect(lordHowe(at('2026-10-03T15:10:00Z'))).toBe('2026-10-04T01:40:00+10:30')
    expect(lordHowe(at('2026-10-03T15:40:00Z'))).toBe('2026-10-04T02:40:00+11:00')
    expect(lordHowe(at('2026-10-03T15:29:59Z'))).toBe('2026-10-04T01:59:59+10:30')
  })
})
