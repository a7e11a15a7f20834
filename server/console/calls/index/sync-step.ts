// One unit of the sync's work: a single upstream request and what is written from its answer.
import type { UpstreamAnswer } from '../../live/live-upstream'
import type { ConsoleStore } from '../../store'
import type { IndexUpstream } from './index-upstream'

export type StepOutcome =
  | { kind: 'done' }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'failed'; reason: string }

/** Runs one request; found only when there is work, so the budget is spent on nothing else. */
export type Step = () => Promise<StepOutcome>

export interface SyncContext {
  store: ConsoleStore
  upstream: IndexUpstream
  /** The list's page size: the spec's largest (100) unless a test wants more pages. */
  pageSize: number
  now: () => number
}

export const DONE: StepOutcome = { kind: 'done' }

export function failureOf(answer: Exclude<UpstreamAnswer<unknown>, { kind: 'ok' }>): StepOutcome {
  if (answer.kind === 'rate-limited') return answer
  return { kind: 'failed', reason: answer.kind === 'not-found' ? 'answered 404' : answer.reason }
}
