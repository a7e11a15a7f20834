// Per-user fairness: the voice API limits the company's key as a whole, so one person
// (or a runaway tab) is slowed down here, well before the shared budget is spent.
// A token bucket per user: `perMinute` requests a minute, in bursts of up to a tenth of that.
import type { MiddlewareHandler } from 'hono'
import type { SessionEnv } from '../auth/require-session'
import { sendProblem } from './problem'

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

/** The console's own heavy endpoints (search, export, audit, views, placed-by) paced per person; after the session. */
export function pacedPerPerson(limiter: ReturnType<typeof createUserRateLimiter>): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const decision = limiter.take(c.get('session').userId)
    if (decision.allowed) return next()
    c.header('Retry-After', String(decision.retryAfterSeconds))
    return sendProblem(
      c,
      429,
      'Too many requests',
      `You are searching, exporting or listing faster than the console allows for one person. Wait ${decision.retryAfterSeconds} s and try again.`,
    )
  }
}
