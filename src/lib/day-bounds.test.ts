import { describe, expect, it } from 'vitest'
import { exclusiveToDate, inclusiveToDay } from './day-bounds'

const LA = 'America/Los_Angeles'

describe('the inclusive "to" day', () => {
  it('is the day before the API’s exclusive bound, and back', () => {
    expect(inclusiveToDay('2026-11-20T00:00:00-08:00', LA)).toBe('2026-11-19')
    expect(inclusiveToDay('2026-11-20T00:00:00Z', 'UTC')).toBe('2026-11-19')
    expect(exclusiveToDate('2026-11-19', LA)).toBe('2026-11-20T00:00:00-08:00')
    expect(exclusiveToDate('2026-12-31', 'UTC')).toBe('2027-01-01T00:00:00Z')
    expect(inclusiveToDay('garbage', 'UTC')).toBe('')
  })
})
