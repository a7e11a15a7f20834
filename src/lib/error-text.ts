import { isApiError } from '@/api/client'
import type { RetryInfo } from './idempotent-submit'

/** An error in the service's words, with its HTTP status when it has one. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.'
  const status = isApiError(error) && error.status ? ` (HTTP ${error.status})` : ''
  return `${message}${status}`
}

/** Said while a submission retries by itself, so a slow answer does not look like a hang. */
export function retryingText(retrying: RetryInfo, promise: string): string {
  const seconds = Math.max(1, Math.round(retrying.delayMs / 1000))
  return `${errorText(retrying.error)} Trying again in ${seconds} s (attempt ${retrying.failureCount + 1}). ${promise}`
}
