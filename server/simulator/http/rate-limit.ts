import type { MiddlewareHandler } from 'hono'
import { createTokenBuckets } from '../../shared/token-bucket'
import type { AppEnv } from '../deps'
import { ProblemError } from './problem'

/** Token bucket per API key: `perMinute` requests a minute, bursting up to the same number. */
export function rateLimit(perMinute: number, now: () => number): MiddlewareHandler<AppEnv> {
  const buckets = createTokenBuckets({ capacity: perMinute, perMs: perMinute / 60_000 })
  return async (c, next) => {
    const taken = buckets.take(c.get('account').id, now())
    if (!taken.taken) {
      const retryAfter = taken.retryAfterSeconds
      throw new ProblemError(
        429,
        'Too many requests',
        `This API key is limited to ${perMinute} requests a minute. Try again in ${retryAfter} s.`,
        { type: 'rate-limited', headers: { 'Retry-After': String(retryAfter) } },
      )
    }
    await next()
  }
}
