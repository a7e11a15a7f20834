// How reads retry: transient failures back off exponentially with jitter,
// and a 429 waits exactly as long as the service's Retry-After asks. An answer that already took the
// whole time limit (the console's 504, or the browser's own timeout) is not tried again unseen: the
// person reads it at once, with Retry, instead of a skeleton for several more limits.
import { type ApiError, isApiError } from './client'

export const MAX_TRANSIENT_RETRIES = 4
export const MAX_RATE_LIMIT_RETRIES = 8
const BASE_DELAY_MS = 500
const MAX_DELAY_MS = 20_000

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error) || !error.isTransient || tookTheWholeLimit(error)) return false
  const max = error.status === 429 ? MAX_RATE_LIMIT_RETRIES : MAX_TRANSIENT_RETRIES
  return failureCount < max
}

/** "Equal jitter": half the capped exponential delay, plus a random part of the other half. */
export function retryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  if (isApiError(error) && error.retryAfterMs !== null) return error.retryAfterMs
  const capped = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** failureCount)
  return capped / 2 + random() * (capped / 2)
}

function tookTheWholeLimit(error: ApiError): boolean {
  return error.kind === 'timeout' || error.status === 504
}
