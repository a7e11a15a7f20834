// Exactly-once submits. Each submission gets one Idempotency-Key; every retry
// of it, automatic or by hand, sends the same key, so the service acts once.
// Only a changed form earns a new key.

import { abortableSleep } from '@/lib/abortable-sleep'
import { errorText } from '@/lib/error-text'
import { randomId } from '@/lib/random-id'
import { isApiError } from './client'
import { MAX_TRANSIENT_RETRIES, retryDelay, shouldRetry } from './retry'

export interface Submission {
  key: string
  /** The request body as canonical JSON, to tell a retry from a changed form. */
  fingerprint: string
}

/** JSON with object keys sorted, so the same values always give the same text. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

/** The previous submission when the body is unchanged (a retry), otherwise a new one with a fresh key. */
export function submissionFor(previous: Submission | null, body: unknown, newKey: () => string = randomId): Submission {
  const print = fingerprint(body)
  if (previous && previous.fingerprint === print) return previous
  return { key: newKey(), fingerprint: print }
}

export interface RetryInfo {
  /** How many attempts have failed so far. */
  failureCount: number
  delayMs: number
  error: unknown
}

export interface SendOptions {
  shouldRetry: (failureCount: number, error: unknown) => boolean
  retryDelay: (failureCount: number, error: unknown) => number
  onRetry?: (info: RetryInfo) => void
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  signal?: AbortSignal
}

/** Sends with the same key until it succeeds, fails for good, or runs out of retries. */
export async function sendWithRetries<T>(
  send: (key: string, signal?: AbortSignal) => Promise<T>,
  key: string,
  { shouldRetry, retryDelay, onRetry, sleep = abortableSleep, signal }: SendOptions,
): Promise<T> {
  // Counted apart: waiting out a busy account's rate limit does not use up the retries a flaky network gets.
  let rateLimited = 0
  let failed = 0
  for (;;) {
    try {
      return await send(key, signal)
    } catch (error) {
      const ofItsKind = isApiError(error) && error.status === 429 ? ++rateLimited : ++failed
      if (signal?.aborted || !shouldRetry(ofItsKind, error)) throw error
      const delayMs = retryDelay(ofItsKind, error)
      onRetry?.({ failureCount: rateLimited + failed, delayMs, error })
      await sleep(delayMs, signal)
    }
  }
}

/**
 * When a submission is retried. Transient failures retry as reads do; a 409
 * "still in progress" for our own key means the first attempt is still being
 * handled, so waiting and sending the same key again gets its answer.
 */
export function shouldRetrySubmission(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status === 409 && error.problem?.type?.endsWith('idempotency-in-progress')) {
    return failureCount < MAX_TRANSIENT_RETRIES
  }
  return shouldRetry(failureCount, error)
}

export { retryDelay as submissionRetryDelay }

/** Said while a submission retries by itself, so a slow answer does not look like a hang. */
export function retryingText(retrying: RetryInfo, promise: string): string {
  const seconds = Math.max(1, Math.round(retrying.delayMs / 1000))
  return `${errorText(retrying.error)} Trying again in ${seconds} s (attempt ${retrying.failureCount + 1}). ${promise}`
}
