// One event stream for all of a person's tabs. The tab holding a Web Lock (the leader) opens the
// stream, with every tab's watched ids, and passes its events on over a BroadcastChannel; the others
// listen. A leader that closes lets the lock go to the next tab at once; one that freezes keeps it,
// so a tab that hears no beat for SILENCE_MS steals it, and the old leader steps down when its lock
// request fails. The new leader resumes after the last event id it heard, so no change is missed.
// The lock, the channel and the stream are passed in: the logic is tested with fakes (shared-stream.test.ts).
import type { LiveSnapshot } from '@/api/contract/live-schemas'
import type { LiveMode } from '@/api/live-stream'
import {
  BEAT_MS,
  EXPIRE_MS,
  REANNOUNCE_MS,
  SILENCE_MS,
  type TabMessage,
  UNION_DEBOUNCE_MS,
  type WatchedId,
} from './tab-messages'
import type { LeaderLock, OpenStream, StreamSink, TabChannel } from './tab-ports'
import { canResume, sameIds, unionOfWatches } from './watch-union'

export interface SharedStreamOptions extends StreamSink {
  tabId: string
  channel: TabChannel
  lock: LeaderLock
  openStream: OpenStream
  maxWatched: number
  /** What this tab watches as it joins (setWatched changes it). */
  watched?: WatchedId[]
  /** The board as this tab holds it, for a tab that just came; null while it has none. */
  snapshot(): LiveSnapshot | null
  /** The ids the one stream watches now (a call page not among them keeps polling). */
  onWatching(ids: readonly string[]): void
  onRole?(role: 'leader' | 'follower'): void
  now?: () => number
  /** Added to SILENCE_MS at random, so that not every tab steals at once. */
  jitterMs?: number
}

export interface SharedStream {
  setWatched(ids: WatchedId[]): void
  isLeader(): boolean
  stop(): void
}

export function joinSharedStream(o: SharedStreamOptions): SharedStream {
  const now = o.now ?? Date.now
  const silence = SILENCE_MS + Math.random() * (o.jitterMs ?? 500)
  const watches = new Map<string, { ids: WatchedId[]; heardAt: number }>()
  let mine: WatchedId[] = o.watched ?? []
  let leading = false
  let stopped = false
  let lastHeard = now()
  let leaderId: string | null = null
  let lastEventId: string | null = null
  let watching: string[] = []
  let mode: LiveMode = 'connecting'
  let reason: string | null = null
  let candidacy = 0
  let waiting: AbortController | null = null
  let stepDown: (() => void) | null = null
  let reconsider: (() => void) | null = null

  const post = (message: TabMessage) => {
    if (!stopped) o.channel.post(message)
  }
  const announce = (hello: boolean) => post({ type: 'watch', from: o.tabId, ids: mine, hello })
  const union = () => {
    const fresh = [...watches.values()].filter((tab) => now() - tab.heardAt < EXPIRE_MS).map((tab) => tab.ids)
    return unionOfWatches([mine, ...fresh], o.maxWatched)
  }
  // The one tab to take over from a silent leader first, so that not every tab steals the lock at once.
  const heir = () =>
    [...watches]
      .filter(([, tab]) => now() - tab.heardAt < EXPIRE_MS)
      .map(([id]) => id)
      .sort()[0] ?? null
  let isHeir = false
  const setMode = (next: LiveMode, why: string | null) => {
    if (next === mode && why === reason) return
    mode = next
    reason = why
    o.onMode(next, why)
  }
  const setWatching = (ids: string[]) => {
    if (sameIds(ids, watching)) return
    watching = ids
    o.onWatching(ids)
  }

  function stand(steal: boolean) {
    const turn = ++candidacy
    waiting?.abort()
    const controller = steal ? null : new AbortController()
    waiting = controller
    const options = controller ? { steal: false, signal: controller.signal } : { steal: true }
    o.lock
      .request(lead, options)
      .catch(() => {})
      .finally(() => {
        // A steal replaced this turn's wait: that one is in charge now.
        if (turn !== candidacy) return
        stepDown?.()
        if (!stopped) stand(false)
      })
  }

  function lead(): Promise<void> {
    if (stopped) return Promise.resolve()
    return new Promise<void>((release) => {
      leading = true
      leaderId = o.tabId
      o.onRole?.('leader')
      let stream: { close(): void } | null = null
      let settle: ReturnType<typeof setTimeout> | undefined
      const beat = () =>
        post({ type: 'beat', from: o.tabId, mode, reason, lastEventId, watching: [...watching], heir: heir() })
      const sink: StreamSink = {
        onEvent(event, id) {
          if (id) lastEventId = id
          o.onEvent(event, id)
          post({ type: 'event', from: o.tabId, event, id })
        },
        onMode(next, why) {
          setMode(next, why)
          beat()
        },
      }
      const open = () => {
        const next = union()
        // Asking for a call the last stream did not watch needs a snapshot, not a replay.
        const from = canResume(watching, next) ? lastEventId : null
        stream?.close()
        setWatching(next)
        stream = o.openStream({ callIds: next, lastEventId: from }, sink)
      }
      reconsider = () => {
        clearTimeout(settle)
        settle = setTimeout(() => {
          if (!sameIds(union(), watching)) open()
        }, UNION_DEBOUNCE_MS)
      }
      const beating = setInterval(beat, BEAT_MS)
      open()
      beat()
      stepDown = () => {
        stepDown = null
        reconsider = null
        clearInterval(beating)
        clearTimeout(settle)
        stream?.close()
        leading = false
        lastHeard = now()
        o.onRole?.('follower')
        release()
      }
    })
  }

  function hear(m: TabMessage) {
    if (stopped || m.from === o.tabId) return
    switch (m.type) {
      case 'watch': {
        const before = watches.get(m.from)?.ids.map((watched) => watched.id)
        watches.set(m.from, { ids: m.ids, heardAt: now() })
        if (leading && m.hello) {
          const snapshot = mode === 'live' ? o.snapshot() : null
          if (snapshot) post({ type: 'state', from: o.tabId, to: m.from, snapshot, lastEventId })
        }
        // Said again, unchanged (every REANNOUNCE_MS, or to a new leader): nothing to reconsider.
        if (
          !before ||
          !sameIds(
            before,
            m.ids.map((watched) => watched.id),
          )
        )
          reconsider?.()
        return
      }
      case 'bye':
        watches.delete(m.from)
        reconsider?.()
        return
      case 'claim':
        lastHeard = now()
        return
    }
    // Two leaders for a moment (a frozen one thawing): it steps down once it sees its lock is gone.
    if (leading) return
    lastHeard = now()
    if (m.type === 'beat') {
      isHeir = m.heir === o.tabId
      if (m.from !== leaderId) {
        leaderId = m.from
        // A new leader knows nothing of this tab yet.
        announce(false)
      }
      lastEventId = m.lastEventId ?? lastEventId
      setMode(m.mode, m.reason)
      setWatching(m.watching)
    } else if (m.type === 'event') {
      if (m.id) lastEventId = m.id
      o.onEvent(m.event, m.id)
    } else if (m.type === 'state' && m.to === o.tabId) {
      lastEventId = m.lastEventId ?? lastEventId
      o.onEvent({ name: 'snapshot', data: m.snapshot }, m.lastEventId)
    }
  }

  const unlisten = o.channel.listen(hear)
  let lastTick = now()
  const watchdog = setInterval(() => {
    // This tab's own timer was late: it was starved itself, and the beats may be queued behind this tick.
    const late = now() - lastTick > BEAT_MS
    lastTick = now()
    if (late) return
    // The others wait longer, in case the heir is gone or frozen too.
    if (leading || stopped || now() - lastHeard < (isHeir ? SILENCE_MS : 2 * silence)) return
    lastHeard = now()
    post({ type: 'claim', from: o.tabId })
    stand(true)
  }, BEAT_MS / 2)
  const reannounce = setInterval(() => {
    announce(false)
    reconsider?.()
  }, REANNOUNCE_MS)
  announce(true)
  stand(false)

  return {
    setWatched(ids) {
      mine = ids
      announce(false)
      reconsider?.()
    },
    isLeader: () => leading,
    stop() {
      post({ type: 'bye', from: o.tabId })
      stopped = true
      clearInterval(watchdog)
      clearInterval(reannounce)
      unlisten()
      waiting?.abort()
      stepDown?.()
    },
  }
}
