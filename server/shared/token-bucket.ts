// The token bucket's arithmetic, in one place for every limit that paces requests: the simulator's per API
// key (in memory, createTokenBuckets) and the console's per person (in the store, whose SQL does the same sum
// in the upsert; store/person-rates.ts reads a refused bucket and the limiter its Retry-After from here).

export interface BucketPolicy {
  /** Requests at once (the bucket's size); a new bucket starts full. */
  capacity: number
  /** Tokens the bucket regains each millisecond. */
  perMs: number
}

interface Bucket {
  tokens: number
  /** When `tokens` was counted (ms). */
  at: number
}

/** The bucket's tokens at `now`: those regained since it was counted, up to its size; none while the clock is behind it. */
export function tokensAt(bucket: Bucket, now: number, policy: BucketPolicy): number {
  return Math.min(policy.capacity, bucket.tokens + Math.max(0, now - bucket.at) * policy.perMs)
}

/** Whole seconds until a bucket holding `tokens` (less than one) has one again: a Retry-After, at least 1. */
export function secondsUntilToken(tokens: number, policy: BucketPolicy): number {
  return Math.max(1, Math.ceil((1 - tokens) / policy.perMs / 1000))
}

type TakeResult = { taken: true } | { taken: false; retryAfterSeconds: number }

/** Buckets kept in this process, one a key: for a limit that belongs to one process (the simulator's). */
export function createTokenBuckets(policy: BucketPolicy) {
  const buckets = new Map<string, Bucket>()
  return {
    /** Takes one token from `key`'s bucket at `now`; a refusal takes none and says when to come back. */
    take(key: string, now: number): TakeResult {
      const before = buckets.get(key)
      const tokens = before ? tokensAt(before, now, policy) : policy.capacity
      const at = Math.max(now, before?.at ?? now)
      if (tokens < 1) {
        buckets.set(key, { tokens, at })
        return { taken: false, retryAfterSeconds: secondsUntilToken(tokens, policy) }
      }
      buckets.set(key, { tokens: tokens - 1, at })
      return { taken: true }
    },
  }
}
