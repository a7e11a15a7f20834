// The tab's event stream at work, loaded after the first paint (live-provider.tsx imports it
// lazily): it writes the store, feeds the query cache the pages read, and hands the endings of a
// person's own calls to the notifier.
import type { QueryClient } from '@tanstack/react-query'
import { openLiveStream } from '@/api/live-stream'
import { createLiveQuerySync } from './live-query-sync'
import { applyEvent, withoutOldEndings } from './live-state'
import { INITIAL_LIVE_STATE, LIVE_CONNECT_TIMEOUT_MS, type LiveStore } from './live-store'
import { joinNotifierElection } from './notify/browser-notifications'
import type { Ending } from './notify/notice-queue'

// Often enough that "Just ended" empties on a quiet wall screen, where no event comes to do it.
const PRUNE_MS = 15_000

export interface LiveConnectionOptions {
  store: LiveStore
  queryClient: QueryClient
  userId: string
  /** The path on screen: a call's own page needs no toast for it. */
  pathname(): string
  onEnding(ending: Ending): void
}

export function connectLive({ store, queryClient, userId, pathname, onEnding }: LiveConnectionOptions): () => void {
  joinNotifierElection()
  const queries = createLiveQuerySync(queryClient)
  const stream = openLiveStream({
    snapshotTimeoutMs: LIVE_CONNECT_TIMEOUT_MS,
    onEvent(event) {
      const { state, ended } = applyEvent(store.get(), event)
      store.set(state)
      if (event.name === 'snapshot') for (const entry of event.data.calls) queries.sync(entry)
      if (event.name === 'call') queries.sync(event.data)
      if (!ended || ended.entry.placedBy?.userId !== userId) return
      const onItsPage = pathname() === `/calls/${encodeURIComponent(ended.entry.call.call_id)}`
      onEnding({ entry: ended.entry, toast: !onItsPage })
    },
    onMode: (mode) => store.set({ ...store.get(), mode }),
  })
  const prune = setInterval(() => store.set(withoutOldEndings(store.get(), Date.now())), PRUNE_MS)
  return () => {
    stream.close()
    queries.stop()
    clearInterval(prune)
    store.set(INITIAL_LIVE_STATE)
  }
}
