// Per-user fairness: the voice API limits the company's key as a whole, so one person
// (or a runaway tab) is slowed down here, well before the shared budget is spent.
// A token bucket per user: `perMinute` requests a minute, in bursts of up to a tenth of that.

export interface RateDecision {
  allowed: boolean
  retryAfterSeconds: number
}

export function createUserRateLimiter(perMinute: number, now: () => number = Date.now) {
  const capacity = Math.max(10, Math.ceil(perMinute / 10))
  const perMs = perMinute / 60_000
  const buckets = new Map<string, { tokens: number; at: number }>()

  return {
    take(userId: string): RateDecision {
      const at = now()
      const bucket = buckets.get(userId) ?? { tokens: capacity, at }
      bucket.tokens = Math.min(capacity, bucket.tokens + (at - bucket.at) * perMs)
      bucket.at = at
      buckets.set(userId, bucket)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { allowed: true, retryAfterSeconds: 0 }
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) }
    },
  }
}
