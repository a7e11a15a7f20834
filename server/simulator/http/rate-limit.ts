import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../deps'
import { ProblemError } from './problem'

interface Bucket {
  tokens: number
  updatedMs: number
}

/** Token bucket per API key: `perMinute` requests a minute, bursting up to the same number. */
export function rateLimit(perMinute: number, now: () => number): MiddlewareHandler<AppEnv> {
  const buckets = new Map<string, Bucket>()
  const refillPerMs = perMinute / 60_000
  return async (c, next) => {
    const key = c.get('account').id
    const time = now()
    const bucket = buckets.get(key) ?? { tokens: perMinute, updatedMs: time }
    bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, time - bucket.updatedMs) * refillPerMs)
    bucket.updatedMs = time
    buckets.set(key, bucket)
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000))
      throw new ProblemError(
        429,
        'Too many requests',
        `This API key is limited to ${perMinute} requests a minute. Try again in ${retryAfter} s.`,
        { type: 'rate-limited', headers: { 'Retry-After': String(retryAfter) } },
      )
    }
    bucket.tokens -= 1
    await next()
  }
}
