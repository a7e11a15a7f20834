// The one place that knows what each call status means: its label and tone,
// whether the call has finished, and the order the stepper shows. Shared by the
// list, the badge, the stepper and the recordings. Values the service adds later
// are shown as they come, named as unknown, and never taken for a call in progress.

import { callStatusWords, isKnownCallStatus } from '@/api/contract/call-status-words'
import { CALL_STATUSES, FINISHED_CALL_STATUSES, QUEUED } from '@/api/contract/schemas'
import type { BadgeTone } from '@/components/ui/badge'

interface StatusMeta {
  label: string
  tone: BadgeTone
}

// The words are the contract's (the console's CSV files say the same); the tones are the page's.
const STATUS_TONES: Record<string, BadgeTone> = {
  DIALER_INITIATED: 'info',
  DIALER_RINGING: 'warning',
  DIALER_COMPLETED: 'success',
  DIALER_FAILED: 'danger',
}

export function callStatusMeta(status: string): StatusMeta {
  return { label: callStatusWords(status), tone: STATUS_TONES[status] ?? 'neutral' }
}

/** A status the spec does not list: said as the service sent it, and said to be unknown here. */
export function unknownStatusLabel(status: string): string {
  return `Unknown status ${status} from the service`
}

/** Whether the spec (or the creation answer's `queued`) names this status. */
export const isKnownStatus = isKnownCallStatus

/** Filter choices for the list: the four DIALER_* values the API filters on. */
export const CALL_STATUS_FILTERS = CALL_STATUSES.map((value) => ({ value, label: callStatusMeta(value).label }))

const FINISHED = new Set<string>(FINISHED_CALL_STATUSES)

export function isFinishedStatus(status: string | null | undefined): boolean {
  return status ? FINISHED.has(status) : false
}

export function isFailedStatus(status: string): boolean {
  return status === 'DIALER_FAILED'
}

/** Queued, initiated, ringing: the documented statuses before one of the two endings, in order. */
export const IN_PROGRESS_STATUSES: readonly string[] = [QUEUED, ...CALL_STATUSES.filter((s) => !FINISHED.has(s))]
const IN_PROGRESS = new Set(IN_PROGRESS_STATUSES)

/** Queued, initiated or ringing: the only statuses that say the call is still going (and may tick a clock). */
export function isInProgressStatus(status: string | null | undefined): boolean {
  return status ? IN_PROGRESS.has(status) : false
}

export const LIVE_POLL_MS = 1000
/** A status nobody here knows may mean the call goes on, or not: asked again once a minute, ten times at most. */
export const UNKNOWN_STATUS_POLL_MS = 60_000
export const UNKNOWN_STATUS_MAX_CHECKS = 10
const MAX_ERROR_BACKOFF_MS = 30_000

/**
 * How soon to ask for a call's status again: every second while it is in progress, never once it has
 * finished, once a minute for a status it does not know until it has been read `UNKNOWN_STATUS_MAX_CHECKS`
 * times (`answers`: the status answers read so far), and slower after failed attempts.
 */
export function statusPollInterval(status: string | undefined, consecutiveFailures = 0, answers = 0): number | false {
  if (status !== undefined && isFinishedStatus(status)) return false
  const known = status === undefined || IN_PROGRESS.has(status)
  if (!known && unknownStatusChecksEnded(answers)) return false
  const base = known ? LIVE_POLL_MS : UNKNOWN_STATUS_POLL_MS
  if (consecutiveFailures <= 0) return base
  return Math.min(MAX_ERROR_BACKOFF_MS, base * 2 ** consecutiveFailures)
}

/** The page has read an unknown status as often as it will, and says it stopped asking. */
export function unknownStatusChecksEnded(answers: number): boolean {
  return answers >= UNKNOWN_STATUS_MAX_CHECKS
}

export const LIST_POLL_MS = 5000

/** The list refreshes itself while any call on the page is in progress (an unknown status is not). */
export function listPollInterval(statuses: readonly string[] | undefined): number | false {
  if (!statuses) return false
  return statuses.some(isInProgressStatus) ? LIST_POLL_MS : false
}
