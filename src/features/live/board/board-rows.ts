// The board's rows from what the tab knows: filtered by the view, split into in flight and just
// ended, newest first; and the counters on top.
import type { LiveCallEntry, LiveTally } from '@/api/contract/live-schemas'
import { isFinishedStatus } from '@/features/calls/shared/call-status'
import type { LiveSearch } from './live-search'

export interface BoardRows {
  inFlight: LiveCallEntry[]
  justEnded: LiveCallEntry[]
}

export function boardRows(
  calls: Iterable<LiveCallEntry>,
  view: Pick<LiveSearch, 'who' | 'caller_id'>,
  userId: string | null,
): BoardRows {
  const shown = [...calls].filter(
    (entry) =>
      (view.who === 'everyone' || (userId !== null && entry.placedBy?.userId === userId)) &&
      (!view.caller_id || entry.call.caller_id === view.caller_id),
  )
  const newest = (key: 'started_at' | 'updated_at') => (a: LiveCallEntry, b: LiveCallEntry) =>
    (Date.parse(b.call[key] ?? '') || 0) - (Date.parse(a.call[key] ?? '') || 0)
  return {
    inFlight: shown.filter((entry) => !isFinishedStatus(entry.call.status)).sort(newest('started_at')),
    justEnded: shown.filter((entry) => isFinishedStatus(entry.call.status)).sort(newest('updated_at')),
  }
}

/** Share of the last hour's ended calls that connected, as a whole percent; null with none ended. */
export function answerRate(tally: Pick<LiveTally, 'completed' | 'failed'>): number | null {
  const ended = tally.completed + tally.failed
  return ended === 0 ? null : Math.round((100 * tally.completed) / ended)
}
