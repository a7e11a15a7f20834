// The tab's live state as an external store (read with useSyncExternalStore): one per signed-in
// tab, written by the connection (live-connection.ts), read by the board, the call page, the list
// and the mode note. Small on purpose: it is in every page's bundle, the connection is not.
import type { LiveMode } from '@/api/live-stream'
import type { LiveState } from './live-state'

export interface LiveStore {
  get(): LiveState
  set(next: LiveState): void
  subscribe(listener: () => void): () => void
}

/** How long views wait for live updates before they poll: for the connection's code, then for its first snapshot. */
export const LIVE_CONNECT_TIMEOUT_MS = 5_000

export const INITIAL_LIVE_STATE: LiveState = { mode: 'connecting', calls: new Map(), paused: null, tally: null }

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
  }
}

export type { LiveMode }
