// The board's calls: from the event stream when it is live, else by polling the voice API's list
// the way the board's hub would (the calls in flight, and calls placed in the last minutes that
// have ended), so the board works behind a proxy that buffers the stream too.
import { useQueries, useQuery } from '@tanstack/react-query'
import { callQueries } from '@/api/calls'
import { IN_FLIGHT_LOOKBACK_MS, type LiveCallEntry, type LivePause, type LiveTally } from '@/api/contract/live-schemas'
import { type CallListItem, IN_FLIGHT_CALL_STATUSES } from '@/api/contract/schemas'
import type { LiveMode } from '@/api/live-stream'
import { placedByQueries } from '@/api/placed-by'
import { errorText } from '@/lib/error-text'
import { useLiveState } from '../use-live'

export const BOARD_POLL_MS = 5_000
/** Without the stream, "Just ended" shows ended calls placed this recently (the list has no end time). */
export const RECENT_WINDOW_MS = 10 * 60_000

export interface BoardCalls {
  mode: LiveMode
  /** Null while the first answer is awaited. */
  calls: LiveCallEntry[] | null
  tally: LiveTally | null
  paused: LivePause | null
  /** Why the calls cannot be read right now, in words, while the board shows what it has. */
  trouble: string | null
  error: unknown
}

const asEntry = (item: CallListItem, placedBy: LiveCallEntry['placedBy']): LiveCallEntry => ({
  call: {
    call_id: item.call_id,
    status: item.status,
    duration_seconds: item.duration_seconds,
    // The list has no start or end times: its creation time stands for both.
    started_at: item.created_at,
    updated_at: item.created_at,
    caller_id: item.caller_id ?? null,
    destination: item.destination ?? null,
  },
  placedBy,
  onBoard: true,
})

// Rounded, so the query key (and the cache entry) stays the same between polls.
const minuteFloor = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString()

export function useBoardCalls(): BoardCalls {
  const live = useLiveState((state) => state)
  // Not while the stream connects: it usually answers in a moment, and then nothing need be polled.
  const polling = live.mode === 'polling'
  const now = Date.now()
  const lists = useQueries({
    queries: [
      ...IN_FLIGHT_CALL_STATUSES.map((status) => ({
        status,
        from_date: minuteFloor(now - IN_FLIGHT_LOOKBACK_MS),
        limit: 100,
      })),
      { from_date: minuteFloor(now - RECENT_WINDOW_MS), limit: 100 },
    ].map((query) => ({ ...callQueries.list(query), enabled: polling, refetchInterval: BOARD_POLL_MS })),
  })
  const items = new Map<string, CallListItem>()
  for (const list of lists) for (const item of list.data?.calls ?? []) items.set(item.call_id, item)
  const owners = useQuery({ ...placedByQueries.calls([...items.keys()]), enabled: polling && items.size > 0 })

  if (live.mode === 'connecting')
    return { mode: live.mode, calls: null, tally: null, paused: null, trouble: null, error: null }
  if (!polling)
    return {
      mode: live.mode,
      calls: [...live.calls.values()],
      tally: live.tally,
      paused: live.paused,
      trouble: live.trouble?.message ?? null,
      error: null,
    }
  const loaded = lists.every((list) => list.data)
  const calls = loaded
    ? [...items.values()].map((item) => asEntry(item, owners.data?.placedBy[item.call_id] ?? null))
    : null
  // A failed refetch keeps the lists from before: the board says so rather than look current.
  const error = lists.find((list) => list.error)?.error ?? null
  const trouble = error ? `The list of calls could not be loaded: ${errorText(error)}.` : null
  return { mode: live.mode, calls, tally: null, paused: null, trouble, error }
}
