// Per-user fairness: the voice API limits the company's key as a whole, so one person
// (or a runaway tab) is slowed down here, well before the shared budget is spent.
// A token bucket per user: `perMinute` requests a minute, in bursts of up to a tenth of that. The buckets live
// in the store, so a person's pace is counted across every console instance together (one statement a request).
import type { MiddlewareHandler } from 'hono'
import { secondsUntilToken } from '../../shared/token-bucket'
import type { SessionEnv } from '../auth/require-session'
import type { ConsoleStore } from '../store'
import { sendProblem } from './problem'

export interface RateDecision {
  allowed: boolean
  retryAfterSeconds: number
}

export type UserRateLimiter = ReturnType<typeof createUserRateLimiter>

/** `name` keeps this limit's buckets apart from another's (the voice API's and the console's queries'). */
export function createUserRateLimiter(
  store: Pick<ConsoleStore, 'personRates'>,
  name: string,
  perMinute: number,
  now: () => number = Date.now,
) {
  const policy = { capacity: Math.max(10, Math.ceil(perMinute / 10)), perMs: perMinute / 60_000 }

  return {
    async take(userId: string): Promise<RateDecision> {
      const taken = await store.personRates.take(`${name}:${userId}`, now(), policy)
      if (taken.taken) return { allowed: true, retryAfterSeconds: 0 }
      return { allowed: false, retryAfterSeconds: secondsUntilToken(taken.tokens, policy) }
    },
    /** How long a bucket takes to fill from empty: an untouched row older than this is the same as none. */
    refillMs: Math.ceil(policy.capacity / policy.perMs),
  }
}

/** The console's own heavy endpoints (search, export, audit, views, placed-by) paced per person; after the session. */
export function pacedPerPerson(limiter: UserRateLimiter): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const decision = await limiter.take(c.get('session').userId)
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
