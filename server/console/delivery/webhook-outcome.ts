// What one webhook attempt comes to, before it is recorded: delivered on a 2xx, retried on the schedule
// (honouring a 429's or 503's Retry-After), given up after the schedule's last attempt, and `gone` on a 410,
// which the caller answers by turning the destination off.
import { nextAttemptAt, retryAfterMs } from './retry-schedule'
import { type AttemptResult, clipExcerpt } from './send-webhook'

export interface AttemptOutcome {
  status: 'delivered' | 'retrying' | 'failed'
  attemptedAt: number
  nextAttemptAt: number | null
  responseStatus: number | null
  responseTimeMs: number | null
  responseExcerpt: string | null
}

/** A failure after `attempts` attempts: retried on the schedule, or failed past its end. */
export function retryOutcome(
  schedule: readonly number[],
  attempts: number,
  attemptedAt: number,
  answeredAt: number,
  failure: { words: string; status: number | null; timeMs: number | null; retryAfterMs?: number | null },
): AttemptOutcome {
  // Counted from the answer (or the failure), as a receiver's Retry-After is.
  const next = nextAttemptAt(schedule, attempts, answeredAt, failure.retryAfterMs ?? null)
  return {
    status: next === null ? 'failed' : 'retrying',
    attemptedAt,
    nextAttemptAt: next,
    responseStatus: failure.status,
    responseTimeMs: failure.timeMs,
    responseExcerpt: clipExcerpt(failure.words),
  }
}

/** Why the console turned a destination off after a 410: shown on its page and kept in the audit log. */
export const goneReason = (at: number) =>
  `The receiver answered 410 Gone at ${new Date(at).toISOString()}: the console stopped sending to it.`

/** Not sent at all, and not to be tried again (no such destination, no secret). */
export const givenUp = (attemptedAt: number, words: string): AttemptOutcome => ({
  status: 'failed',
  attemptedAt,
  nextAttemptAt: null,
  responseStatus: null,
  responseTimeMs: null,
  responseExcerpt: clipExcerpt(words),
})

export function webhookOutcome(
  result: AttemptResult,
  schedule: readonly number[],
  attempts: number,
  attemptedAt: number,
  answeredAt: number,
): AttemptOutcome & { gone?: boolean } {
  if (!result.answered)
    return retryOutcome(schedule, attempts, attemptedAt, answeredAt, {
      words: result.error,
      status: null,
      timeMs: result.timeMs,
    })
  const { status, timeMs, excerpt } = result
  if (status >= 200 && status < 300)
    return {
      status: 'delivered',
      attemptedAt,
      nextAttemptAt: null,
      responseStatus: status,
      responseTimeMs: timeMs,
      responseExcerpt: excerpt,
    }
  if (status === 410)
    return {
      ...givenUp(attemptedAt, excerpt || 'Gone'),
      responseStatus: status,
      responseTimeMs: timeMs,
      gone: true,
    }
  const wait = status === 429 || status === 503 ? retryAfterMs(result.retryAfter, answeredAt) : null
  return retryOutcome(schedule, attempts, attemptedAt, answeredAt, {
    words: excerpt,
    status,
    timeMs,
    retryAfterMs: wait,
  })
}

/** What one email attempt comes to (alerts by email, usage reports): delivered once the server took it, else retried. */
export function mailOutcome(
  result:
    | { sent: true; code: number | null; response: string; timeMs: number }
    | {
        sent: false
        code: number | null
        error: string
        timeMs: number
      },
  schedule: readonly number[],
  attempts: number,
  attemptedAt: number,
  answeredAt: number,
): AttemptOutcome {
  if (result.sent)
    return {
      status: 'delivered',
      attemptedAt,
      nextAttemptAt: null,
      responseStatus: result.code,
      responseTimeMs: result.timeMs,
      responseExcerpt: clipExcerpt(result.response),
    }
  return retryOutcome(schedule, attempts, attemptedAt, answeredAt, {
    words: result.error,
    status: result.code,
    timeMs: result.timeMs,
  })
}
