import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type BucketPolicy, createTokenBuckets, secondsUntilToken, tokensAt } from './token-bucket'

const policies = fc.record({
  capacity: fc.integer({ min: 1, max: 50 }),
  perMs: fc.double({ min: 1 / 600_000, max: 1 / 10, noNaN: true }),
})
/** Requests as (key, ms since the last one), the clock never going back. */
const requests = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 20_000 })), {
  maxLength: 300,
})

describe('a token bucket', () => {
  it('starts full: `capacity` requests at once, then a refusal with when to come back', () => {
    const policy: BucketPolicy = { capacity: 3, perMs: 6 / 60_000 }
    const buckets = createTokenBuckets(policy)
    expect([1, 2, 3, 4].map(() => buckets.take('a', 0))).toEqual([
      { taken: true },
      { taken: true },
      { taken: true },
      { taken: false, retryAfterSeconds: 10 },
    ])
    expect(buckets.take('b', 0)).toEqual({ taken: true })
    expect(buckets.take('a', 9_999)).toMatchObject({ taken: false })
    expect(buckets.take('a', 10_000)).toEqual({ taken: true })
  })

  it('never lets a key take more than its size plus what it regained since its first request', () => {
    fc.assert(
      fc.property(policies, requests, (policy, sequence) => {
        const buckets = createTokenBuckets(policy)
        const first = new Map<string, number>()
        const taken = new Map<string, number>()
        let now = 0
        for (const [key, gap] of sequence) {
          now += gap
          if (!first.has(key)) first.set(key, now)
          if (buckets.take(key, now).taken) taken.set(key, (taken.get(key) ?? 0) + 1)
          const bound = policy.capacity + (now - (first.get(key) ?? now)) * policy.perMs
          expect(taken.get(key) ?? 0).toBeLessThanOrEqual(bound + 1e-9)
        }
      }),
    )
  })

  it('takes the next request once the Retry-After it gave has passed', () => {
    fc.assert(
      fc.property(policies, requests, (policy, sequence) => {
        const buckets = createTokenBuckets(policy)
        let now = 0
        for (const [key, gap] of sequence) {
          now += gap
          const result = buckets.take(key, now)
          if (!result.taken) {
            now += result.retryAfterSeconds * 1000
            expect(buckets.take(key, now)).toEqual({ taken: true })
          }
        }
      }),
    )
  })

  it('counts tokens up to its size only, and regains none while the clock is behind it', () => {
    fc.assert(
      fc.property(
        policies,
        fc.double({ min: -5, max: 60, noNaN: true }),
        fc.integer({ min: -60_000, max: 60_000_000 }),
        (policy, tokens, elapsed) => {
          const at = 1_000_000
          const counted = tokensAt({ tokens: Math.min(tokens, policy.capacity), at }, at + elapsed, policy)
          expect(counted).toBeLessThanOrEqual(policy.capacity)
          // As counts, -0 and 0 are one (fast-check draws -0; the bucket's sum turns it into 0): not Object.is.
          if (elapsed <= 0) expect(counted).toBeCloseTo(Math.min(tokens, policy.capacity), 12)
          if (counted < 1) expect(secondsUntilToken(counted, policy)).toBeGreaterThanOrEqual(1)
        },
      ),
    )
  })
})
