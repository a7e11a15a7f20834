// From what a stream delivered or a page showed for a call (and when) to status latencies, using the
// simulator's own lifecycle: callStateAt says which status the call's stored plan gives at any moment and
// since when. The page's side (bench/web/live-latency.ts) compares labels; the stream's, raw statuses.
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

/** What was seen (a status, or the label a page gives it) and when; `shows` says how a planned status looks. */
export interface Sightings {
  seen: readonly { value: string; at: number }[]
  shows(plannedStatus: string): string
}

/**
 * The changes planned after the first sighting, each with the time from the plan's transition to its
 * sighting. A value the plan does not give at the moment it was seen counts as a mismatch, not a latency.
 */
export function plannedTransitions(plan: StoredPlan, { seen, shows }: Sightings) {
  const transitions: StatusTransition[] = []
  let mismatches = 0
  const openedAt = seen[0]?.at ?? Number.POSITIVE_INFINITY
  for (let index = 1; index < seen.length; index++) {
    const previous = seen[index - 1]
    const change = seen[index]
    if (!previous || !change) continue
    const planned = callStateAt(plan, change.at)
    if (shows(planned.status) !== change.value) {
      mismatches++
      continue
    }
    if (planned.updatedAtMs <= openedAt) continue
    transitions.push({
      from: previous.value,
      to: change.value,
      plannedAt: planned.updatedAtMs,
      latencyMs: change.at - planned.updatedAtMs,
    })
  }
  return { transitions, mismatches }
}

/** The stream's side: raw statuses. */
export const statusTransitions = (plan: StoredPlan, seen: readonly SeenStatus[]) =>
  plannedTransitions(plan, { seen: seen.map(({ status, at }) => ({ value: status, at })), shows: (status) => status })
