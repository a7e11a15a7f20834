// From what a call page showed (and when) to status latencies, using the simulator's own
// lifecycle: callStateAt says which status the plan gives at any moment and since when.
import { callStateAt } from '../../server/simulator/domain/call-plan'
import { callStatusMeta } from '../../src/features/calls/shared/call-status'

export type StoredPlan = Parameters<typeof callStateAt>[0]

/** A status label the page showed, and the wall-clock time (Date.now()) it appeared in the DOM. */
export interface ShownStatus {
  label: string
  at: number
}

export interface LiveTransition {
  from: string
  to: string
  latencyMs: number
}

/**
 * The status changes the page was open for (planned after it first showed a status), each
 * with the time from the plan's transition to the page showing it. A change the plan does not
 * explain (a label that is not the planned status at that moment) counts as a mismatch.
 */
export function liveTransitions(plan: StoredPlan, shown: readonly ShownStatus[]) {
  const transitions: LiveTransition[] = []
  let mismatches = 0
  const openedAt = shown[0]?.at ?? Number.POSITIVE_INFINITY
  for (let index = 1; index < shown.length; index++) {
    const previous = shown[index - 1]
    const change = shown[index]
    if (!previous || !change) continue
    const planned = callStateAt(plan, change.at)
    if (callStatusMeta(planned.status).label !== change.label) {
      mismatches++
      continue
    }
    if (planned.updatedAtMs <= openedAt) continue
    transitions.push({ from: previous.label, to: change.label, latencyMs: change.at - planned.updatedAtMs })
  }
  return { transitions, mismatches }
}
