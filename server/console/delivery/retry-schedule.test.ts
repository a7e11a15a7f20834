import { describe, expect, it } from 'vitest'
import { DELIVERY_SCHEDULE_MS, nextAttemptAt, retryAfterMs } from './retry-schedule'

const NOW = Date.parse('2026-11-26T10:00:00Z')

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min and 2 h, then gives up after the fifth attempt', () => {
    expect([1, 2, 3, 4].map((attempts) => (nextAttemptAt(DELIVERY_SCHEDULE_MS, attempts, NOW) ?? 0) - NOW)).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000,
    ])
    expect(nextAttemptAt(DELIVERY_SCHEDULE_MS, 5, NOW)).toBeNull()
  })

  it('honours Retry-After, capped at the longest wait', () => {
    expect(nextAttemptAt(DELIVERY_SCHEDULE_MS, 1, NOW, 120_000)).toBe(NOW + 120_000)
    expect(nextAttemptAt(DELIVERY_SCHEDULE_MS, 2, NOW, 1_000)).toBe(NOW + 300_000)
    expect(nextAttemptAt(DELIVERY_SCHEDULE_MS, 1, NOW, 86_400_000)).toBe(NOW + 7_200_000)
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('30', NOW)).toBe(30_000)
    expect(retryAfterMs('Thu, 26 Nov 2026 10:01:00 GMT', NOW)).toBe(60_000)
    expect(retryAfterMs('soon', NOW)).toBeNull()
    expect(retryAfterMs(null, NOW)).toBeNull()
  })
})
