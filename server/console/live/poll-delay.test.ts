import { describe, expect, it } from 'vitest'
import { retryAfterMs } from '../proxy/upstream-get'
import { pollDelayMs } from './poll-delay'

describe('how often a call is polled', () => {
  it('backs off for a call that has gone on for minutes', () => {
    expect(pollDelayMs(1000, 5_000)).toBe(1000)
    expect(pollDelayMs(1000, 2 * 60_000)).toBe(2000)
    expect(pollDelayMs(1000, 20 * 60_000)).toBe(5000)
  })
})

describe('Retry-After', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  it('reads seconds and HTTP dates, within bounds', () => {
    expect(retryAfterMs('12', now)).toBe(12_000)
    expect(retryAfterMs('Mon, 23 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('86400', now)).toBe(10 * 60_000)
  })
  it('waits a few seconds when the header is missing or unreadable', () => {
    expect(retryAfterMs(null, now)).toBe(5_000)
    expect(retryAfterMs('soon', now)).toBe(5_000)
  })
})
