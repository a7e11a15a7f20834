// From the statuses a stream delivered (and when) to status latencies, as bench/web/live-latency.ts
// does for the call page, on raw statuses: callStateAt says which status the call's stored plan
// gives at any moment and since when. (That module maps statuses to the SPA's labels, which plain
// tsx cannot load: the SPA imports through `@/`.)
import { callStateAt } from '../../server/simulator/domain/call-plan'

export type StoredPlan = Parameters<typeof callStateAt>[0]

/** A status a stream delivered for a call, and the time (Date.now()) it was read. */
export interface SeenStatus {
  status: string
  at: number
}

export interface StatusTransition {
  from: string
  to: string
  /** When the plan made the change. */
  plannedAt: number
  latencyMs: number
}

/**
 * The status changes planned after the stream first gave a status, each with the time from the
 * plan's transition to the stream delivering it. A status the plan does not give at the moment it
 * was read counts as a mismatch.
 */
export function statusTransitions(plan: StoredPlan, seen: readonly SeenStatus[]) {
  const transitions: StatusTransition[] = []
  let mismatches = 0
  const openedAt = seen[0]?.at ?? Number.POSITIVE_INFINITY
  for (let index = 1; index < seen.length; index++) {
    const previous = seen[index - 1]
    const change = seen[index]
    if (!previous || !change) continue
    const planned = callStateAt(plan, change.at)
    if (planned.status !== change.status) {
      mismatches++
      continue
    }
    if (planned.updatedAtMs <= openedAt) continue
    transitions.push({
      from: previous.status,
      to: change.status,
      plannedAt: planned.updatedAtMs,
      latencyMs: change.at - planned.updatedAtMs,
    })
  }
  return { transitions, mismatches }
}
