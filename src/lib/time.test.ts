import { describe, expect, it } from 'vitest'
import { formatClock, formatExact, formatRelative, formatUpdatedAgo, secondsSince } from './time'

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

describe('exact times', () => {
  it('formats in the given zone', () => {
    expect(formatExact('2026-11-22T12:00:05Z', 'en-GB', 'UTC')).toBe('22 Nov 2026, 12:00:05')
    expect(formatClock('2026-11-22T12:00:05Z', 'en-GB', 'UTC')).toBe('12:00:05')
    expect(formatExact('nope', 'en-GB', 'UTC')).toBe('nope')
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
