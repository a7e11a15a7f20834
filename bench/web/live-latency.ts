// The call page's side of bench/live/transitions.ts: what the page showed is a status's label.
import { callStatusMeta } from '../../src/lib/call-status'
import { plannedTransitions, type StatusTransition, type StoredPlan } from '../live/transitions'

export type { StoredPlan }
export type LiveTransition = StatusTransition

/** A status label the page showed, and the wall-clock time (Date.now()) it appeared in the DOM. */
export interface ShownStatus {
  label: string
  at: number
}

/** The status changes the page was open for, each with the time from the plan's transition to the page showing it. */
export const liveTransitions = (plan: StoredPlan, shown: readonly ShownStatus[]) =>
  plannedTransitions(plan, {
    seen: shown.map(({ label, at }) => ({ value: label, at })),
    shows: (status) => callStatusMeta(status).label,
  })
