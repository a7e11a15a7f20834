// The hub's upstream side across instances: only the holder of the `live-hub` lease polls. Each time this
// instance takes the lease it starts a hub of its own (live-hub.ts) whose viewers are every instance's open
// streams (live_streams, read every `syncMs` and at once on a notice that one opened or closed), puts the calls
// placed through any instance on its board (live_placed, likewise), and publishes every event that hub emits to
// live_events, in order, with the state it leaves (live_calls, live_state). It stops at once when the lease is
// lost: nothing more is asked or written.
import type { LiveCallEntry, LiveEventData } from '../../../src/api/contract/live-schemas'
import { holdLease } from '../cluster/lease'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import type { NewLiveEvent } from '../store/live-cluster'
import type { HubEvent, LiveHub, LiveSubscription, PlacedCall } from './live-hub'
import { hasEnded } from './tracked-call'

export const LIVE_HUB_LEASE = 'live-hub'
// A call placed while nobody watched, or while no instance held the lease, is not polled later.
const PLACED_FRESH_MS = 60_000
const NOBODY = { send() {}, end() {} }

export interface ClusterPollerOptions {
  store: Pick<ConsoleStore, 'liveCluster' | 'leases'>
  instance: string
  /** A new hub each time the lease is taken (closing it closes its upstream); `onEvent` publishes its events. */
  createHub(onEvent: (event: HubEvent) => void): LiveHub
  /** Events kept in live_events for reconnects. */
  logCapacity: number
  /** The wait before the next read of the streams and calls placed, asked after each read. */
  syncMs: () => number
  lease?: { ttlMs?: number; renewMs?: number }
  logger?: Logger
  now: () => number
}

export interface ClusterPoller {
  /** Whether this instance holds the lease and polls. */
  polling(): boolean
  /** Reads the streams and the calls placed now rather than at the next period (a notice said they changed). */
  syncSoon(): void
  trackedIds(): string[]
  /** Stops polling and hands the lease over at once. */
  close(): Promise<void>
}

export function startClusterPoller(options: ClusterPollerOptions): ClusterPoller {
  const { store, now, logger } = options
  let run: ReturnType<typeof startRun> | null = null
  const lease = holdLease({
    store,
    name: LIVE_HUB_LEASE,
    holder: options.instance,
    logger,
    ...options.lease,
    onChange(held) {
      run?.stop()
      run = held ? startRun() : null
    },
  })

  function startRun() {
    let stopped = false
    let chain: Promise<unknown> = Promise.resolve()
    let queue: HubEvent[] = []
    let flushQueued = false
    let appended = 0
    // Streams of the last sync: the hub is awake (someone watches on some instance) while there are any.
    let awake = false
    let first = true
    let readyWritten = false
    let timer: NodeJS.Timeout | null = null
    const subscriptions = new Map<string, LiveSubscription>()
    // Calls with a row in live_calls written by this run: forgotten there when the hub forgets them.
    const written = new Set<string>()
    const publish = (event: HubEvent) => {
      if (stopped) return
      queue.push(event)
      if (!flushQueued) {
        flushQueued = true
        void write(flush)
      }
    }
    const hub = options.createHub(publish)

    /** Store writes, one after another (so seq follows commit order), and only while the lease is ours. */
    const write = (work: () => Promise<unknown>) => {
      chain = chain
        .then(() => (stopped || !lease.held() ? undefined : work()))
        .catch((error) => logger?.error({ msg: 'live: could not publish to the store', error: String(error) }))
      return chain
    }

    async function flush() {
      flushQueued = false
      const events = queue
      queue = []
      if (events.length === 0) return
      await store.liveCluster.append(events.map(toRow), now())
      for (const event of events) if (event.name === 'call' && event.callId) written.add(event.callId)
      appended += events.length
      if (appended >= options.logCapacity / 4) {
        appended = 0
        await store.liveCluster.prune(options.logCapacity)
      }
    }

    async function wake() {
      // Taken over from a holder that stopped: its board goes on being polled, and what it said of the
      // service (a pause, trouble) is this holder's to say again if it still holds.
      const states = await store.liveCluster.states()
      for (const { callId, entry } of await store.liveCluster.calls([], true)) {
        const known = JSON.parse(entry) as LiveCallEntry
        if (hasEnded(known.call.status)) continue
        hub.notePlaced(callId, {
          placedBy: known.placedBy,
          callerId: known.call.caller_id,
          destination: known.call.destination,
        })
        written.add(callId)
      }
      if (states.get('trouble')?.data) publish({ name: 'recovered', data: {}, callId: null, onBoard: false })
      if (states.get('paused')?.data) publish({ name: 'resumed', data: {}, callId: null, onBoard: false })
    }

    async function sync() {
      const streams = await store.liveCluster.streams(now())
      if (stopped) return
      const open = new Set<string>()
      for (const stream of streams) {
        open.add(stream.id)
        if (subscriptions.has(stream.id)) continue
        const subscription = await hub.subscribe(stream.callIds, NOBODY, stream.userId)
        if (typeof subscription === 'string') continue
        subscriptions.set(stream.id, subscription)
        void subscription.ready.then(() => {
          if (readyWritten || stopped) return
          readyWritten = true
          void write(() => store.liveCluster.setState('ready', '{}', 0))
        })
      }
      for (const [id, subscription] of subscriptions)
        if (!open.has(id)) {
          subscription.leave()
          subscriptions.delete(id)
        }
      // The first sync of a run decides either way: what a holder that died left behind is taken up or cleared.
      if (streams.length > 0 && (!awake || first)) {
        awake = true
        await wake()
      } else if (streams.length === 0 && (awake || first)) {
        // Nobody watches anywhere: the hub went idle, so what was published goes stale.
        awake = false
        readyWritten = false
        written.clear()
        await write(() => store.liveCluster.reset(now()))
      }
      first = false
      for (const placed of await store.liveCluster.takePlaced())
        if (now() - placed.at < PLACED_FRESH_MS) hub.notePlaced(placed.callId, JSON.parse(placed.placed) as PlacedCall)
      const tracked = new Set(hub.trackedIds())
      const gone = [...written].filter((id) => !tracked.has(id))
      for (const id of gone) written.delete(id)
      if (gone.length > 0) await write(() => store.liveCluster.forgetCalls(gone))
    }

    let syncing = false
    // Asked for while a sync ran: what changed may have come after its reads.
    let syncAgain = false
    const loop = () => {
      timer = null
      syncing = true
      sync()
        .catch((error) => logger?.error({ msg: 'live: could not read the streams to poll for', error: String(error) }))
        .finally(() => {
          syncing = false
          if (stopped) return
          if (syncAgain) {
            syncAgain = false
            loop()
            return
          }
          timer = setTimeout(loop, options.syncMs())
          timer.unref()
        })
    }
    loop()

    return {
      hub,
      syncSoon() {
        if (stopped) return
        if (syncing) {
          syncAgain = true
          return
        }
        if (timer) clearTimeout(timer)
        loop()
      },
      stop() {
        stopped = true
        if (timer) clearTimeout(timer)
        subscriptions.clear()
        hub.close()
      },
    }
  }

  return {
    polling: () => run !== null && lease.held(),
    trackedIds: () => run?.hub.trackedIds() ?? [],
    syncSoon: () => run?.syncSoon(),
    async close() {
      run?.stop()
      run = null
      await lease.close()
    },
  }
}

/** The event as a row, with the state it leaves for a new viewer's snapshot. */
function toRow(event: HubEvent): NewLiveEvent {
  const data = JSON.stringify(event.data)
  const row = { name: event.name, callId: event.callId, onBoard: event.onBoard, data }
  switch (event.name) {
    case 'call': {
      const entry = event.data as LiveEventData<'call'>
      return { ...row, state: { kind: 'call', callId: entry.call.call_id, onBoard: entry.onBoard, entry: data } }
    }
    case 'paused':
    case 'trouble':
    case 'tally':
      return { ...row, state: { kind: 'state', name: event.name, data } }
    case 'resumed':
      return { ...row, state: { kind: 'state', name: 'paused', data: null } }
    case 'recovered':
      return { ...row, state: { kind: 'state', name: 'trouble', data: null } }
    default:
      return row
  }
}
