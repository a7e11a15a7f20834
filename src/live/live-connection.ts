// The live updates at work, loaded after the first paint (live-provider.tsx imports it lazily): the
// browser's one event stream, held by one tab and shared with the others (tabs/shared-stream.ts);
// what arrives writes the store, feeds the query cache the pages read, and hands the endings of a
// person's own calls to the notifier.
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { accountQueries } from '@/api/account'
import { MAX_WATCHED_CALLS } from '@/api/contract/live-schemas'
import { LIVE_EVENTS_URL, type LiveStreamEvent, openLiveStream } from '@/api/live-stream'
import { probeWhileUnreachable } from '@/api/service-probe'
import { serviceReach } from '@/api/service-reach'
import { recoverWhenServiceReturns } from '@/api/service-recovery'
import { randomId } from '@/lib/random-id'
import { createLiveQuerySync } from './live-query-sync'
import { applyEvent, withoutOldEndings } from './live-state'
import { INITIAL_LIVE_STATE, LIVE_CONNECT_TIMEOUT_MS, type LiveStore } from './live-store'
import { joinNotifierElection } from './notify/browser-notifications'
import type { Ending } from './notify/notice-queue'
import { browserChannel, browserLock, canShareStream } from './tabs/browser-tabs'
import { joinSharedStream } from './tabs/shared-stream'
import type { OpenStream } from './tabs/tab-ports'

// Often enough that "Just ended" empties on a quiet wall screen, where no event comes to do it.
const PRUNE_MS = 15_000

const NO_SHARING =
  'This browser cannot share one live connection between its tabs (it lacks Web Locks or BroadcastChannel), so each page checks for changes itself.'

export interface LiveConnectionOptions {
  store: LiveStore
  queryClient: QueryClient
  userId: string
  /** Where the person is (a call's own page needs no toast for it), and what reads a page whose loader failed. */
  router: Pick<AnyRouter, 'state' | 'invalidate'>
  onEnding(ending: Ending): void
}

/** The one stream of the leader tab: its watched calls, resuming after `lastEventId`. */
const openStream: OpenStream = ({ callIds, lastEventId }, sink) => {
  let last = lastEventId
  const query = new URLSearchParams(callIds.map((id) => ['call_id', id]))
  return openLiveStream({
    url: callIds.length > 0 ? `${LIVE_EVENTS_URL}?${query}` : LIVE_EVENTS_URL,
    resumeFrom: () => last,
    snapshotTimeoutMs: LIVE_CONNECT_TIMEOUT_MS,
    onEvent(event, id) {
      if (id) last = id
      sink.onEvent(event, id)
    },
    onMode: sink.onMode,
  })
}

export function connectLive(options: LiveConnectionOptions): () => void {
  // Here, loaded after the first paint as the stream is, so that a cold page's JavaScript stays as light.
  const { router } = options
  // A page whose loader failed shows its error (RouteError) with no query to read again: it is loaded anew.
  const stopRecovery = startServiceRecovery(options.queryClient, () => {
    if (router.state.matches.some((match) => match.status === 'error')) void router.invalidate()
  })
  const stopStream = connectStream(options)
  return () => {
    stopRecovery()
    stopStream()
  }
}

/**
 * What failed is read again once the voice service answers, and while it does not, one read of the account per
 * browser asks whether it is back: every role may read it, it is small, and the header shows it.
 */
function startServiceRecovery(queryClient: QueryClient, onBack: () => void): () => void {
  const stopRecovery = recoverWhenServiceReturns(queryClient, onBack)
  const stopProbe = probeWhileUnreachable({
    probe: () => queryClient.fetchQuery({ ...accountQueries.detail(), staleTime: 0, retry: false }),
  })
  return () => {
    stopRecovery()
    stopProbe()
  }
}

function connectStream({ store, queryClient, userId, router, onEnding }: LiveConnectionOptions): () => void {
  // Polling, and saying why, rather than a stream per tab: six of those would take every connection the browser allows.
  if (!canShareStream()) {
    store.set({ ...store.get(), mode: 'polling', reason: NO_SHARING })
    return () => store.set(INITIAL_LIVE_STATE)
  }
  joinNotifierElection()
  const queries = createLiveQuerySync(queryClient)
  const onEvent = (event: LiveStreamEvent) => {
    const { state, ended } = applyEvent(store.get(), event)
    store.set(state)
    // The hub reads the service for every tab: its trouble is the service's reach as much as a page's failed read.
    if (event.name === 'trouble') serviceReach.sawFailure(event.data.message)
    if (event.name === 'recovered') serviceReach.sawAnswer()
    if (event.name === 'snapshot' && event.data.trouble) serviceReach.sawFailure(event.data.trouble.message)
    if (event.name === 'snapshot') for (const entry of event.data.calls) queries.sync(entry)
    if (event.name === 'call') queries.sync(event.data)
    if (!ended || ended.entry.placedBy?.userId !== userId) return
    const onItsPage = router.state.location.pathname === `/calls/${encodeURIComponent(ended.entry.call.call_id)}`
    onEnding({ entry: ended.entry, toast: !onItsPage })
  }
  const channel = browserChannel(userId)
  const shared = joinSharedStream({
    tabId: randomId(),
    channel,
    lock: browserLock(userId),
    openStream,
    maxWatched: MAX_WATCHED_CALLS,
    watched: store.watches.list(),
    snapshot() {
      const { calls, paused, tally, trouble } = store.get()
      return { calls: [...calls.values()], paused, tally, trouble }
    },
    onEvent,
    onMode: (mode, reason) => store.set({ ...store.get(), mode, reason }),
    onWatching: (ids) => store.set({ ...store.get(), watching: new Set(ids) }),
  })
  const unwatch = store.watches.subscribe(() => shared.setWatched(store.watches.list()))
  // A closing tab says so at once, rather than being forgotten after a while. One kept for going back
  // (persisted) is evicted by the browser for holding a lock, or resumes with its own stream as it was.
  const leave = (event: PageTransitionEvent) => {
    if (!event.persisted) shared.stop()
  }
  window.addEventListener('pagehide', leave)
  const prune = setInterval(() => store.set(withoutOldEndings(store.get(), Date.now())), PRUNE_MS)
  return () => {
    window.removeEventListener('pagehide', leave)
    unwatch()
    shared.stop()
    channel.close()
    queries.stop()
    clearInterval(prune)
    store.set(INITIAL_LIVE_STATE)
  }
}
