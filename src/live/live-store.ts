// The tab's live state as an external store (read with useSyncExternalStore): one per signed-in
// tab, written by the connection (live-connection.ts), read by the board, the call page, the list
// and the mode note. Small on purpose: it is in every page's bundle, the connection is not.
import type { LiveState } from './live-state'

export interface LiveStore {
  get(): LiveState
  set(next: LiveState): void
  subscribe(listener: () => void): () => void
  /** The calls this tab's pages show (an unfinished call's page), since when: the stream watches them too. */
  watches: WatchList
}

interface WatchList {
  /** Returns the undo. */
  add(callId: string): () => void
  list(): { id: string; since: number }[]
  subscribe(listener: () => void): () => void
}

/** How long views wait for live updates before they poll: for the connection's code, then for its first snapshot. */
export const LIVE_CONNECT_TIMEOUT_MS = 5_000

export const INITIAL_LIVE_STATE: LiveState = {
  mode: 'connecting',
  reason: null,
  watching: new Set(),
  calls: new Map(),
  paused: null,
  tally: null,
  trouble: null,
}

function createWatchList(): WatchList {
  const since = new Map<string, number>()
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  return {
    add(callId) {
      since.set(callId, Date.now())
      changed()
      return () => {
        since.delete(callId)
        changed()
      }
    },
    list: () => [...since].map(([id, at]) => ({ id, since: at })),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export function createLiveStore(): LiveStore {
  let state = INITIAL_LIVE_STATE
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(next) {
      if (next === state) return
      state = next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    watches: createWatchList(),
  }
}
