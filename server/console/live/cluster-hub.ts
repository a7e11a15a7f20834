// The status hub of one console instance among several on one store. Whichever instance holds the lease
// polls (cluster-poller.ts) and publishes its events to live_events; every instance reads the events after its
// last and pushes each to its own viewers, so every viewer gets every update whoever polls. On PostgreSQL a notice
// (store/notices.ts) says when there are new events, streams or placed calls, and the tables are read then; the
// read every `safetyNetMs` stays for what a notice could not say. Without notices (SQLite, CONSOLE_LIVE_NOTICES
// off, or while the notice connection is lost) the tables are read every `tailMs` and `syncMs`. An instance with
// nobody watching on it and no polling to do reads no events and sends no heartbeat.
// Event ids are the table's seq: a reconnect resumes after
// Last-Event-ID on any instance. Each stream is a row in live_streams (renewed by heartbeats, so a dead
// instance's lapse), which tells the holder what to poll and counts each person's streams and watched ids on
// every instance.
import { randomUUID } from 'node:crypto'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import type { LiveEventRow } from '../store/live-cluster'
import { LIVE_NOTICE_CHANNELS } from '../store/notices'
import { type ClusterPoller, startClusterPoller } from './cluster-poller'
import { missedSince, snapshotFrom } from './cluster-replay'
import {
  DEFAULT_LIVE_LIMITS,
  type HubEvent,
  type LiveEvent,
  type LiveHub,
  type LiveLimits,
  type LiveSubscription,
  type LiveViewer,
  type Refusal,
} from './live-hub'
import { streamsByPerson } from './person-caps'

export const CLUSTER_TIMINGS = {
  /** How often every instance reads the events after its last, without notices. */
  tailMs: 250,
  /** How often the holder reads the streams of every instance and the calls placed, without notices. */
  syncMs: 300,
  /**
   * While notices are heard: how often both are read anyway (CONSOLE_LIVE_SAFETY_NET_MS). A listening connection
   * misses no notice; this is for a fault nobody foresaw, so seconds do.
   */
  safetyNetMs: 15_000,
  /** A stream's row lives this long past its instance's last heartbeat. */
  streamTtlMs: 10_000,
  streamHeartbeatMs: 2_000,
}

export interface ClusterHubOptions {
  store: Pick<ConsoleStore, 'liveCluster' | 'leases' | 'notices'>
  /** Listen for the store's notices where it has them (PostgreSQL); false: read the tables on a timer only. */
  notices?: boolean
  instance: string
  /** The poller's hub, new each time this instance takes the lease (see cluster-poller.ts). */
  createHub(onEvent: (event: HubEvent) => void): LiveHub
  limits?: Partial<LiveLimits>
  timings?: Partial<typeof CLUSTER_TIMINGS>
  lease?: { ttlMs?: number; renewMs?: number }
  logger?: Logger
  now?: () => number
}

interface Viewer extends LiveViewer {
  stream: string
  person: string
  watched: ReadonlySet<string>
  /** Null until its snapshot or replay has gone: then only events after it. */
  position: number | null
  /** Asked to start, after this event id (or none), at the next pass over the table. */
  starting: { lastEventId: string | null } | null
}

const idOf = (seq: number) => `live-${seq}`
const inScope = (viewer: Viewer, event: Pick<HubEvent, 'callId' | 'onBoard'>) =>
  event.callId === null || event.onBoard || viewer.watched.has(event.callId)
// Events read per query while catching up.
const PAGE = 500

export function createClusterHub(options: ClusterHubOptions): LiveHub & { polling(): boolean } {
  const { store, instance, logger } = options
  const now = options.now ?? Date.now
  const limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits }
  const timings = { ...CLUSTER_TIMINGS, ...options.timings }
  const viewers = new Set<Viewer>()
  const viewersOfCall = new Map<string, number>()
  const waiters = new Set<{ viewer: Viewer; resolve(): void }>()
  let watches = 0
  let closed = false
  // The last event read from the table; -1 until the first pass, which starts at the head.
  let last = -1
  let passing: Promise<void> | null = null
  let again = false
  const failed = (what: string) => (error: unknown) => logger?.error({ msg: `live: ${what}`, error: String(error) })

  const notified = options.notices !== false && store.notices !== null
  const poller: ClusterPoller = startClusterPoller({
    store,
    instance,
    createHub: options.createHub,
    logCapacity: limits.logCapacity,
    syncMs: () => (hearing() ? timings.safetyNetMs : timings.syncMs),
    lease: options.lease,
    logger,
    now,
  })
  const listener = notified ? listenForLive() : null
  /** Whether notices say when to read now: else the tables are read on the short periods. */
  function hearing() {
    return listener?.listening() === true
  }

  /**
   * Over the instance's one listening connection (the store's): new events for its viewers, and for the holder,
   * streams and placed calls.
   */
  function listenForLive() {
    // An episode of lost notices is logged when it begins and when it ends.
    let lost = false
    return store.notices?.listen({
      channels: {
        // A notice of events this instance has read already (its own, or read with an earlier notice's) asks nothing.
        [LIVE_NOTICE_CHANNELS.events]: (seq) => {
          if (seq === '' || Number(seq) > last) runPass()
        },
        [LIVE_NOTICE_CHANNELS.placed]: () => poller.syncSoon(),
        [LIVE_NOTICE_CHANNELS.streams]: () => poller.syncSoon(),
      },
      // Listening (again): what was written while it could not hear is read now, not at the safety net's turn.
      onListening: () => {
        if (lost) logger?.info({ msg: 'live: the store’s notices are back' })
        lost = false
        runPass()
        poller.syncSoon()
      },
      // From now on the tables are read on the short periods, the first time at once.
      onLost: (error) => {
        lost = true
        logger?.error({
          msg: 'live: the store’s notices are lost; reading the tables every few hundred milliseconds until they are back',
          error: String(error),
        })
        runPass()
        if (tail) clearTimeout(tail)
        nextTail()
        poller.syncSoon()
      },
    })
  }

  function deliver(row: LiveEventRow) {
    let event: LiveEvent | null = null
    for (const viewer of viewers) {
      // Not started yet, or its replay or snapshot already covers this event.
      if (viewer.position === null || viewer.position >= row.seq) continue
      viewer.position = row.seq
      if (!inScope(viewer, row)) continue
      event ??= { id: idOf(row.seq), name: row.name as LiveEvent['name'], data: JSON.parse(row.data) }
      viewer.send(event)
    }
  }

  async function start(viewer: Viewer, lastEventId: string | null) {
    const missed = await missedSince(store, lastEventId, last)
    if (closed || !viewers.has(viewer)) return
    if (!missed) {
      const snapshot = await snapshotFrom(store, viewer.watched)
      viewer.send({ id: idOf(last), name: 'snapshot', data: snapshot })
    } else
      for (const row of missed)
        if (inScope(viewer, row))
          viewer.send({ id: idOf(row.seq), name: row.name as LiveEvent['name'], data: JSON.parse(row.data) })
    viewer.position = last
  }

  async function settleWaiters() {
    if (waiters.size === 0) return
    const ready = (await store.liveCluster.states()).get('ready')?.data != null
    if (!ready) return
    const ids = new Set<string>()
    for (const { viewer } of waiters) for (const id of viewer.watched) ids.add(id)
    const known = new Set((await store.liveCluster.calls([...ids], false)).map((call) => call.callId))
    for (const waiter of waiters)
      if ([...waiter.viewer.watched].every((id) => known.has(id))) {
        waiters.delete(waiter)
        waiter.resolve()
      }
  }

  /** One pass over the table: new events to the viewers, then the viewers waiting to start. */
  async function pass() {
    // Nobody to tell: nothing is read, and the next viewer's first pass starts at the head (its start reads what
    // it missed, or a snapshot, from the store).
    if (viewers.size === 0) {
      last = -1
      return
    }
    if (last < 0) last = await store.liveCluster.head()
    for (;;) {
      const rows = await store.liveCluster.eventsAfter(last, PAGE)
      for (const row of rows) {
        last = row.seq
        if (row.name === 'reset') {
          // Only when nobody watched anywhere; a viewer that came in since starts afresh.
          for (const viewer of viewers) if (viewer.position !== null) viewer.starting = { lastEventId: null }
        } else deliver(row)
      }
      if (rows.length < PAGE) break
    }
    await settleWaiters()
    for (const viewer of viewers)
      if (viewer.starting) {
        const { lastEventId } = viewer.starting
        viewer.starting = null
        viewer.position = null
        // Tried again at the next pass when the store cannot be read.
        await start(viewer, lastEventId).catch((error) => {
          viewer.starting = { lastEventId }
          throw error
        })
      }
  }

  function runPass() {
    if (closed) return
    if (passing) {
      again = true
      return
    }
    passing = pass()
      .catch(failed('could not read the events'))
      .finally(() => {
        passing = null
        if (again) {
          again = false
          runPass()
        }
      })
  }

  // Each period is chosen as it ends: long while notices are heard, short while they are lost.
  let tail: NodeJS.Timeout | null = null
  const nextTail = () => {
    tail = setTimeout(
      () => {
        runPass()
        if (!closed) nextTail()
      },
      hearing() ? timings.safetyNetMs : timings.tailMs,
    )
    tail.unref()
  }
  nextTail()
  runPass()
  const heartbeat = setInterval(() => {
    // This instance's streams are renewed, and everyone's lapsed ones removed (their notice tells the holder a dead
    // instance's viewers are gone): with no stream here and no polling, there is nothing to do.
    if (viewers.size === 0 && !poller.polling()) return
    void store.liveCluster
      .renewStreams(instance, now(), timings.streamTtlMs)
      .catch(failed('could not renew the streams'))
  }, timings.streamHeartbeatMs)
  heartbeat.unref()

  /** The person's caps, counted over every instance: the streams opened first keep their place. */
  async function personRefusal(stream: string, person: string): Promise<Refusal | null> {
    const held = await store.liveCluster.streamsOf(person, now())
    const upTo = held.slice(0, held.findIndex((row) => row.id === stream) + 1)
    if (upTo.length > limits.streamsPerPerson) return 'person-streams'
    if (upTo.reduce((sum, row) => sum + row.watched, 0) > limits.watchesPerPerson) return 'person-watches'
    return null
  }

  function localRefusal(ids: readonly string[]): Refusal | null {
    if (viewers.size >= limits.viewers || watches + ids.length > limits.watches) return 'hub-full'
    if (ids.some((id) => (viewersOfCall.get(id) ?? 0) >= limits.viewersPerCall)) return 'call-full'
    return null
  }

  function leave(viewer: Viewer) {
    if (!viewers.delete(viewer)) return
    for (const waiter of waiters) if (waiter.viewer === viewer) waiters.delete(waiter)
    watches -= viewer.watched.size
    for (const id of viewer.watched) viewersOfCall.set(id, (viewersOfCall.get(id) ?? 1) - 1)
    void store.liveCluster.closeStream(viewer.stream).catch(failed('could not close a stream'))
  }

  return {
    async subscribe(callIds, live, person) {
      if (closed) return 'closed'
      const ids = [...new Set(callIds)]
      const stream = randomUUID()
      await store.liveCluster.openStream(
        { id: stream, instance, userId: person, callIds: ids },
        now(),
        timings.streamTtlMs,
      )
      const refusal = (await personRefusal(stream, person)) ?? localRefusal(ids) ?? (closed ? 'closed' : null)
      if (refusal) {
        await store.liveCluster.closeStream(stream)
        return refusal
      }
      const viewer: Viewer = { ...live, stream, person, watched: new Set(ids), position: null, starting: null }
      viewers.add(viewer)
      watches += ids.length
      for (const id of ids) viewersOfCall.set(id, (viewersOfCall.get(id) ?? 0) + 1)
      const ready = new Promise<void>((resolve) => {
        const waiter = { viewer, resolve }
        waiters.add(waiter)
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve()
        }, limits.readyTimeoutMs).unref()
      })
      runPass()
      return {
        ready,
        start(lastEventId) {
          viewer.starting = { lastEventId }
          runPass()
        },
        leave: () => leave(viewer),
      } satisfies LiveSubscription
    },
    notePlaced(callId, placed) {
      if (closed) return
      void store.liveCluster
        .notePlaced(callId, JSON.stringify(placed), now())
        .catch(failed('could not note a placed call'))
    },
    stats: () => ({ viewers: viewers.size, trackedCalls: poller.trackedIds().length, running: poller.polling() }),
    people: async () => {
      const streams = await store.liveCluster.streams(now())
      return streamsByPerson(streams.map((row) => ({ person: row.userId, watched: new Set(row.callIds) })))
    },
    trackedIds: () => poller.trackedIds(),
    polling: () => poller.polling(),
    async close() {
      closed = true
      if (tail) clearTimeout(tail)
      clearInterval(heartbeat)
      await listener?.close()
      for (const waiter of waiters) waiter.resolve()
      waiters.clear()
      await passing
      // A viewer still waiting for its first snapshot gets it before its stream ends, as on one instance.
      await Promise.all(
        [...viewers]
          .filter((viewer) => viewer.position === null)
          .map(async (viewer) => {
            const snapshot = await snapshotFrom(store, viewer.watched).catch(failed('could not read a snapshot'))
            if (snapshot) viewer.send({ id: idOf(Math.max(last, 0)), name: 'snapshot', data: snapshot })
          }),
      )
      for (const viewer of [...viewers]) viewer.end()
      viewers.clear()
      await poller.close()
      await passing
      await store.liveCluster.closeInstance(instance).catch(failed('could not close the streams'))
    },
  }
}
