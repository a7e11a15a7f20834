// One unit of the sync's work: a single upstream request and what is written from its answer.

import type { ListingStop } from '../../live/page-guard'
import type { UpstreamAnswer } from '../../proxy/upstream-get'
import type { ConsoleStore } from '../../store'
import type { IndexUpstream } from './index-upstream'

/** The sync's walks through the call list, as the admins' notice names them. */
export const LISTINGS = [
  'the backfill',
  'the listing of new calls',
  'the listing of initiated calls',
  'the listing of ringing calls',
] as const
export type Listing = (typeof LISTINGS)[number]

/** A walk that ended (`stopped` null: as the service said) or was cut short on this step. */
export interface ListingEnd {
  listing: Listing
  stopped: ListingStop | null
}

export type StepOutcome =
  | { kind: 'done'; ended?: ListingEnd }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'failed'; reason: string }

/** Runs one request; found only when there is work, so the budget is spent on nothing else. */
export type Step = () => Promise<StepOutcome>

export interface SyncContext {
  store: ConsoleStore
  upstream: IndexUpstream
  /** The list's page size: the spec's largest (100) unless a test wants more pages. */
  pageSize: number
  /** Pages one walk reads at most: an incremental pass's list, and a backfill. */
  maxPages: { pass: number; backfill: number }
  now: () => number
  /** A call's final details (its billed minutes) were written, with when it was created: the alert rules' and the integrations' news. */
  onCallEnded?: (createdAtMs: number | null, callId: string) => void
}

export const DONE: StepOutcome = { kind: 'done' }

export function failureOf(answer: Exclude<UpstreamAnswer<unknown>, { kind: 'ok' }>): StepOutcome {
  if (answer.kind === 'rate-limited') return answer
  return { kind: 'failed', reason: answer.kind === 'not-found' ? 'answered 404' : answer.reason }
}
