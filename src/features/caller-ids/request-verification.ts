import { startVerification } from '@/api/caller-ids'
import { type RetryInfo, sendWithRetries, shouldRetrySubmission, submissionRetryDelay } from '@/api/idempotent-submit'
import { addVerification } from './verification-store'

/**
 * Asks the service to call the number, and remembers the code so a reload keeps it.
 * Transient failures and 429s (after Retry-After) are retried with the same
 * Idempotency-Key, so the service starts one verification however often it is sent.
 */
export async function requestVerification(
  phoneNumber: string,
  idempotencyKey: string,
  timeoutMs: number,
  { onRetry, signal }: { onRetry?: (info: RetryInfo) => void; signal?: AbortSignal } = {},
) {
  const started = await sendWithRetries(
    (key, s) => startVerification({ phone_number: phoneNumber }, key, s),
    idempotencyKey,
    { shouldRetry: shouldRetrySubmission, retryDelay: submissionRetryDelay, onRetry, signal },
  )
  addVerification({
    callerIdId: started.caller_id_id,
    // The number asked for stands in when the answer does not repeat it.
    phoneNumber: started.phone_number ?? phoneNumber,
    validationCode: started.validation_code ?? '',
    message: started.message ?? 'A verification call has been placed.',
    startedAt: Date.now(),
    timeoutMs,
    verifiedAt: null,
  })
  return started
}

/** How often the caller-ID list is re-read while a verification is awaited. */
export const VERIFICATION_POLL_MS = 3000
