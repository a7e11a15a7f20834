// Reading the tab's live state. Without a LiveProvider (a signed-out page, a component test) the
// state stays "connecting", so every view polls as it did before the stream.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import type { LiveState } from './live-state'
import { createLiveStore, type LiveStore } from './live-store'

export const LiveStoreContext = createContext<LiveStore>(createLiveStore())

export function useLiveState<T>(select: (state: LiveState) => T): T {
  const store = useContext(LiveStoreContext)
  return useSyncExternalStore(store.subscribe, () => select(store.get()))
}

/** Whether pushed updates are arriving: views that would poll can stop. */
export const useIsLive = () => useLiveState((state) => state.mode === 'live')

/** Whether the stream keeps this call current (on the board, or watched by id), so its page need not poll. */
export const useLiveCovers = (callId: string) =>
  useLiveState((state) => state.mode === 'live' && (state.calls.has(callId) || state.watching.has(callId)))

/** Asks the stream to watch this call while `active` (a page showing it unfinished), even off the board. */
export function useLiveWatch(callId: string, active: boolean) {
  const store = useContext(LiveStoreContext)
  useEffect(() => (active ? store.watches.add(callId) : undefined), [store, callId, active])
}
