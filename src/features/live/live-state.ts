// What a tab knows from the event stream, and the pure steps that change it: a snapshot replaces
// the board, a call event updates one call, and calls that ended a while ago are let go, so a wall
// screen left on for days holds no more than the board's calls.
import {
  JUST_ENDED_MS,
  type LiveCallEntry,
  type LivePause,
  type LiveTally,
  type LiveTrouble,
} from '@/api/contract/live-schemas'
import type { LiveMode, LiveStreamEvent } from '@/api/live-stream'
import { isFinishedStatus } from '@/features/calls/shared/call-status'

/** How long an ended call stays under "Just ended" (the hub keeps it as long). */

export interface LiveState {
  mode: LiveMode
  /** Why live updates are not available, in words, when known (the server's refusal, a browser without Web Locks). */
  reason: string | null
  /** Call ids the stream watches besides the board: their pages need not poll. */
  watching: ReadonlySet<string>
  /** The board's calls (in flight and just ended) by id. */
  calls: ReadonlyMap<string, LiveCallEntry>
  paused: LivePause | null
  tally: LiveTally | null
  /** The hub cannot read the service's list: the board may be missing calls. */
  trouble: LiveTrouble | null
}

/** A change this tab saw happen, as opposed to one it learnt from a snapshot. */
export interface SeenEnding {
  entry: LiveCallEntry
}

export function applyEvent(state: LiveState, event: LiveStreamEvent): { state: LiveState; ended: SeenEnding | null } {
  switch (event.name) {
    case 'snapshot': {
      const calls = new Map(
        event.data.calls.filter((entry) => entry.onBoard).map((entry) => [entry.call.call_id, entry]),
      )
      const { paused, tally, trouble = null } = event.data
      return { state: { ...state, calls, paused, tally, trouble }, ended: null }
    }
    case 'call': {
      const entry = event.data
      if (!entry.onBoard) return { state, ended: null }
      const before = state.calls.get(entry.call.call_id)
      const calls = new Map(state.calls)
      calls.set(entry.call.call_id, entry)
      const ended =
        isFinishedStatus(entry.call.status) && !(before && isFinishedStatus(before.call.status)) ? { entry } : null
      return { state: { ...state, calls }, ended }
    }
    case 'paused':
      return { state: { ...state, paused: event.data }, ended: null }
    case 'resumed':
      return { state: { ...state, paused: null }, ended: null }
    case 'tally':
      return { state: { ...state, tally: event.data }, ended: null }
    case 'trouble':
      return { state: { ...state, trouble: event.data }, ended: null }
    case 'recovered':
      return { state: { ...state, trouble: null }, ended: null }
  }
}

/** When an ended call ended, by the service's clock (its last update). */
export const endedAt = (entry: LiveCallEntry) => Date.parse(entry.call.updated_at ?? '')

/** The board without calls that ended more than JUST_ENDED_MS ago; the same object when nothing went. */
export function withoutOldEndings(state: LiveState, now: number): LiveState {
  const stale = [...state.calls.values()].filter(
    (entry) => isFinishedStatus(entry.call.status) && now - endedAt(entry) > JUST_ENDED_MS,
  )
  if (stale.length === 0) return state
  const calls = new Map(state.calls)
  for (const entry of stale) calls.delete(entry.call.call_id)
  return { ...state, calls }
}
