// The status hub: one upstream poll per live call however many people watch it, pushed to every viewer.
// Viewers watch calls by id and all see the board of calls in flight and the last hour's tally; the hub
// keeps recent events for reconnects and runs its poller (call-poller.ts) only while someone is connected.
import { randomBytes } from 'node:crypto'
import {
  IN_FLIGHT_LOOKBACK_MS,
  JUST_ENDED_MS,
  type LiveCall,
  type LiveEventData,
  type LiveEventName,
  type LiveSnapshot,
} from '../../../src/api/contract/live-schemas'
import type { PlacedBy } from '../../../src/api/contract/placed-by-schemas'
import type { Logger } from '../http/request-log'
import { createCallPoller } from './call-poller'
import { createEventLog } from './event-log'
import type { LiveUpstream } from './live-upstream'
import {
  type PersonLimits,
  type PersonRefusal,
  type PersonStreams,
  personRefusal,
  streamsByPerson,
} from './person-caps'
import { createRequestBudget } from './request-budget'
import { boardSize, entryOf, isForgettable, newTrackedCall, type TrackedCall } from './tracked-call'

export interface LiveLimits extends PersonLimits {
  /** Streams open at once: below the server's 1,000 connections, so sign-ins and API requests still get in. */
  viewers: number
  /** Connections watching one call id. */
  viewersPerCall: number
  /** Call ids watched, summed over every connection. */
  watches: number
  /** Events kept for reconnects. */
  logCapacity: number
  /** Calls on the board (in flight and just ended). */
  boardCalls: number
  /** How long an ended call stays on the board. */
  justEndedMs: number
  /** The longest a new connection waits for its first snapshot to be filled in. */
  readyTimeoutMs: number
  /** How far back the in-flight list looks (`from_date`). */
  lookbackMs: number
  /** How often the last hour's tally is counted again. */
  tallyMs: number
  /** Pages of 100 calls per outcome in one count; past them the tally is a lower bound. */
  tallyPages: number
  /** A status the spec does not list is asked for again this seldom ... */
  unknownStatusPollMs: number
  /** ... and this many times at most: it may mean the call goes on, or that it never ends. */
  unknownStatusChecks: number
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  viewers: 800,
  viewersPerCall: 200,
  watches: 5_000,
  streamsPerPerson: 4,
  watchesPerPerson: 40,
  logCapacity: 1_000,
  boardCalls: 500,
  justEndedMs: JUST_ENDED_MS,
  readyTimeoutMs: 3_000,
  lookbackMs: IN_FLIGHT_LOOKBACK_MS,
  tallyMs: 30_000,
  tallyPages: 10,
  unknownStatusPollMs: 60_000,
  unknownStatusChecks: 10,
}

export interface LiveHubOptions {
  upstream: LiveUpstream
  ownersOf(callIds: readonly string[]): Promise<{ call_id: string; user_id: string; email: string }[]>
  pollMs: number
  /** How often the in-flight lists are asked; two poll intervals unless set. */
  discoveryMs?: number
  upstreamRps: number
  logger?: Logger
  limits?: Partial<LiveLimits>
  now?: () => number
  /** Every call status the hub sees, as it sends it (the call index keeps its statuses fresh with it). */
  onCall?(call: LiveCall): void
  /** Every event, as it sends it: the lease holder's hub publishes them to every instance (cluster/). */
  onEvent?(event: HubEvent): void
}

/** An event as the hub emits it, before any viewer's scope: for the calls of `callId`, or for everyone. */
export interface HubEvent {
  name: LiveEventName
  data: LiveEventData<LiveEventName>
  /** Null: for everyone (pauses, trouble, the tally). */
  callId: string | null
  onBoard: boolean
}

export interface LiveEvent {
  id: string
  name: LiveEventName
  data: LiveEventData<LiveEventName>
}

export interface LiveViewer {
  send(event: LiveEvent): void
  /** The hub is closing: end the stream. */
  end(): void
}

export interface LiveSubscription {
  /** Resolves once the snapshot has something to say (or after a bounded wait). */
  ready: Promise<void>
  /** Sends the missed events after `lastEventId` when they are all still here, else a snapshot; then live ones. */
  start(lastEventId: string | null): void
  leave(): void
}

export type Refusal = 'call-full' | 'hub-full' | 'closed' | PersonRefusal

/** What the create-call answer says of a call just placed through this console. */
export interface PlacedCall {
  placedBy: PlacedBy | null
  /** Null when the create response did not give it. */
  callerId: string | null
  destination: string | null
}

export interface LiveHub {
  /** `person`: who watches (a user id), for the per-person caps (counted in the store across instances). */
  subscribe(
    callIds: readonly string[],
    viewer: LiveViewer,
    person: string,
  ): LiveSubscription | Refusal | Promise<LiveSubscription | Refusal>
  /** A call just placed through this console: on the board and polled at once, while anyone is connected. */
  notePlaced(callId: string, placed: PlacedCall): void
  stats(): { viewers: number; trackedCalls: number; running: boolean }
  /** Streams and watched ids by person (on every instance, across instances). */
  people(): PersonStreams[] | Promise<PersonStreams[]>
  /** The calls the hub tracks now: a lease holder forgets the published state of the others. */
  trackedIds(): string[]
  /** Ends every stream; across instances, also hands the lease over and closes this instance's streams in the store. */
  close(): void | Promise<void>
}

type Logged = HubEvent

interface Viewer extends LiveViewer {
  person: string
  watched: ReadonlySet<string>
  started: boolean
}

const inScope = (viewer: Viewer, event: Logged) =>
  event.callId === null || event.onBoard || viewer.watched.has(event.callId)

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const now = options.now ?? Date.now
  const limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits }
  // Event ids name this hub: a Last-Event-ID from before a restart is recognised as not ours.
  const log = createEventLog<Logged>(limits.logCapacity, randomBytes(6).toString('base64url'))
  const calls = new Map<string, TrackedCall>()
  const viewers = new Set<Viewer>()
  const waiters = new Set<{ viewer: Viewer; resolve(): void }>()
  let watches = 0
  let closed = false

  function emit<Name extends LiveEventName>(
    name: Name,
    data: LiveEventData<Name>,
    callId: string | null,
    onBoard = false,
  ) {
    const event = log.append({ name, data, callId, onBoard })
    if (name === 'call') options.onCall?.((data as LiveEventData<'call'>).call)
    options.onEvent?.(event.value)
    for (const viewer of viewers)
      if (viewer.started && inScope(viewer, event.value)) viewer.send({ id: event.id, name, data })
  }

  const poller = createCallPoller({
    ...options,
    ...limits,
    budget: createRequestBudget(options.upstreamRps, now),
    calls,
    emit,
    answered: settleWaiters,
    wanted: () => viewers.size > 0,
    now,
  })

  function snapshotFor(viewer: Viewer): LiveSnapshot {
    const entries = [...calls.values()]
      .filter((call) => call.onBoard || viewer.watched.has(call.id))
      .flatMap((call) => entryOf(call) ?? [])
    return { calls: entries, paused: poller.pause(), tally: poller.tally(), trouble: poller.trouble() }
  }

  function isReady(viewer: Viewer): boolean {
    if (closed || poller.pause()) return true
    if (!poller.discovered()) return false
    for (const call of calls.values())
      if ((call.onBoard || viewer.watched.has(call.id)) && !call.tried && call.settledAt === null) return false
    return true
  }

  function settleWaiters() {
    for (const waiter of waiters)
      if (isReady(waiter.viewer)) {
        waiters.delete(waiter)
        waiter.resolve()
      }
  }

  function leave(viewer: Viewer) {
    if (!viewers.delete(viewer)) return
    for (const waiter of waiters) if (waiter.viewer === viewer) waiters.delete(waiter)
    watches -= viewer.watched.size
    if (viewers.size === 0) {
      poller.idle()
      calls.clear()
      // Events stop while nobody listens, so no cursor from before can be served completely.
      log.clear()
      return
    }
    for (const id of viewer.watched) {
      const call = calls.get(id)
      if (!call) continue
      call.viewers -= 1
      if (!call.polling && isForgettable(call, now(), limits.justEndedMs)) calls.delete(id)
    }
  }

  return {
    subscribe(callIds, live, person) {
      if (closed) return 'closed'
      const ids = [...new Set(callIds)]
      // The person's own caps first: someone at theirs is told so, not that the console is full.
      const refusal = personRefusal(viewers, person, ids.length, limits)
      if (refusal) return refusal
      if (viewers.size >= limits.viewers || watches + ids.length > limits.watches) return 'hub-full'
      if (ids.some((id) => (calls.get(id)?.viewers ?? 0) >= limits.viewersPerCall)) return 'call-full'
      const viewer: Viewer = { ...live, person, watched: new Set(ids), started: false }
      viewers.add(viewer)
      watches += ids.length
      for (const id of ids) {
        const call = calls.get(id) ?? newTrackedCall(id, now())
        call.viewers += 1
        calls.set(id, call)
      }
      poller.wake()
      const ready = new Promise<void>((resolve) => {
        const waiter = { viewer, resolve }
        waiters.add(waiter)
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve()
        }, limits.readyTimeoutMs).unref()
        settleWaiters()
      })
      return {
        ready,
        start(lastEventId) {
          const missed = lastEventId ? log.since(lastEventId) : null
          viewer.started = true
          if (!missed) return viewer.send({ id: log.cursor(), name: 'snapshot', data: snapshotFor(viewer) })
          for (const event of missed)
            if (inScope(viewer, event.value))
              viewer.send({ id: event.id, name: event.value.name, data: event.value.data })
        },
        leave: () => leave(viewer),
      }
    },
    notePlaced(callId, placed) {
      if (closed || viewers.size === 0) return
      let call = calls.get(callId)
      if (!call) {
        if (boardSize(calls.values()) >= limits.boardCalls) return
        call = newTrackedCall(callId, now())
        calls.set(callId, call)
      }
      call.onBoard = true
      call.placedBy = placed.placedBy ?? call.placedBy
      call.callerId = placed.callerId
      call.destination = placed.destination
      call.nextPollAt = Math.min(call.nextPollAt, now())
      poller.wake()
    },
    stats: () => ({ viewers: viewers.size, trackedCalls: calls.size, running: poller.running() }),
    people: () => streamsByPerson(viewers),
    trackedIds: () => [...calls.keys()],
    close() {
      closed = true
      poller.close()
      for (const waiter of waiters) waiter.resolve()
      waiters.clear()
      for (const viewer of [...viewers]) viewer.end()
      viewers.clear()
      calls.clear()
    },
  }
}
