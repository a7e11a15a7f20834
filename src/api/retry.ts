// How reads and submissions retry: transient failures back off exponentially with jitter,
// and a 429 waits exactly as long as the service's Retry-After asks. An answer that already took the
// whole time limit (the console's 504, or the browser's own timeout) is not tried again unseen: the
// person reads it at once, with Retry, instead of a skeleton for several more limits.
import { backoffMs } from './backoff'
import { type ApiError, isApiError, MAX_RATE_LIMIT_WAITS } from './client'

export const MAX_TRANSIENT_RETRIES = 4
/** A submission's patience with a busy account, counted apart from its failures (idempotent-submit.ts). */
export const MAX_RATE_LIMIT_RETRIES = MAX_RATE_LIMIT_WAITS

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error) || !error.isTransient || tookTheWholeLimit(error)) return false
  const max = error.status === 429 ? MAX_RATE_LIMIT_RETRIES : MAX_TRANSIENT_RETRIES
  return failureCount < max
}

/**
 * A query's retries. Its read already waited out every 429 it met, in the client (apiRequest), so
 * a 429 here has used up that patience; the retries are left for failures, however busy the account.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status === 429) return false
  return shouldRetry(failureCount, error)
}

/** Retry-After when the service gave one, else the backoff. */
export function retryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  if (isApiError(error) && error.retryAfterMs !== null) return error.retryAfterMs
  return backoffMs(failureCount, random)
}

function tookTheWholeLimit(error: ApiError): boolean {
  return error.kind === 'timeout' || error.status === 504
}
