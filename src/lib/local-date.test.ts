import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isCompleteDate, localDayStart, toInstant, toLocalIso } from './local-date'

// The helpers read the browser's zone; a fixed one with summer time makes the offsets known.
beforeEach(() => {
  vi.stubEnv('TZ', 'Europe/Berlin')
})
afterEach(() => {
  vi.unstubAllEnvs()
})

describe('localDayStart', () => {
  it('is local midnight with the offset of that day', () => {
    expect(localDayStart('2026-11-01')).toBe('2026-11-01T00:00:00+01:00')
    expect(localDayStart('2026-07-01')).toBe('2026-07-01T00:00:00+02:00')
  })

  it('names the same instant as local midnight', () => {
    expect(Date.parse(localDayStart('2026-03-29'))).toBe(new Date(2026, 2, 29).getTime())
  })

  it('writes negative offsets and half hours', () => {
    vi.stubEnv('TZ', 'America/New_York')
    expect(localDayStart('2026-11-01')).toBe('2026-11-01T00:00:00-04:00')
    vi.stubEnv('TZ', 'Asia/Kolkata')
    expect(localDayStart('2026-11-01')).toBe('2026-11-01T00:00:00+05:30')
  })

  it('keeps years below 100 as typed', () => {
    expect(localDayStart('0050-01-02').slice(0, 10)).toBe('0050-01-02')
  })
})

describe('toInstant', () => {
  it('reads a plain date as the local day and leaves a date-time alone', () => {
    expect(toInstant('2026-11-01')).toBe('2026-11-01T00:00:00+01:00')
    expect(toInstant('2026-11-01T00:00:00Z')).toBe('2026-11-01T00:00:00Z')
    expect(toInstant('2026-11-01T00:00:00-05:00')).toBe('2026-11-01T00:00:00-05:00')
  })
})

describe('toLocalIso', () => {
  it('writes the local wall time and offset of an instant', () => {
    expect(toLocalIso(new Date('2026-11-01T12:34:56Z'))).toBe('2026-11-01T13:34:56+01:00')
  })
})

describe('isCompleteDate', () => {
  it('accepts real days with a four-digit year', () => {
    expect(isCompleteDate('2026-11-01')).toBe(true)
    expect(isCompleteDate('2028-02-29')).toBe(true)
  })
  it('refuses what a date input passes through while a year is typed, and impossible days', () => {
    for (const value of ['', '0002-11-01', '0202-11-01', '2026-02-30', '2026-13-01', '2026-11', 'yesterday']) {
      expect(isCompleteDate(value)).toBe(false)
    }
  })
})
