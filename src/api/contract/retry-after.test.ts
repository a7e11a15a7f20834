import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from './retry-after'

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T03:00:00Z')
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
  })
  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 03:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 02:00:00 GMT', now)).toBe(0)
  })
  it('ignores missing and unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeNull()
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter('-5', now)).toBeNull()
  })
})
