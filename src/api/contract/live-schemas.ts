// The contract of the console's live event stream (GET /api/console/events, Server-Sent Events):
// the events the status hub sends and the SPA reads. It imports nothing of ours but the contract.
import * as z from 'zod/mini'
import { placedBy } from './placed-by-schemas'
import { callStatusResponse, nonNegativeInt } from './schemas'

/** Under CONSOLE_PREFIX. */
export const LIVE_EVENTS_PATH = '/events'

/** How long an ended call stays on the board ("Just ended"), in the hub and on the page alike. */
export const JUST_ENDED_MS = 5 * 60_000

/** How far back the board looks for calls in flight (`from_date`): one older than this is taken as lost. */
export const IN_FLIGHT_LOOKBACK_MS = 12 * 60 * 60_000

/** Calls one connection may watch by id (`?call_id=…`, repeated), besides the in-flight board. */
export const MAX_WATCHED_CALLS = 20

/** The spec's call status, with the list's caller ID and destination when the hub has seen them. */
export const liveCall = z.extend(callStatusResponse, {
  caller_id: z.nullable(z.string()),
  destination: z.nullable(z.string()),
})
export type LiveCall = z.infer<typeof liveCall>

/** A call as the stream shows it: its status, who placed it (null: not placed through this console). */
export const liveCallEntry = z.object({
  call: liveCall,
  placedBy: z.nullable(placedBy),
  /** On the in-flight board (every viewer gets it), not only watched by id. */
  onBoard: z.boolean(),
})
export type LiveCallEntry = z.infer<typeof liveCallEntry>

/** The voice service answered 429: no upstream request until `nextTryAt`. */
export const livePause = z.object({
  nextTryAt: z.iso.datetime(),
  retryAfterSeconds: nonNegativeInt,
  /** Why, in words; the page counts down to `nextTryAt` after it. */
  message: z.string(),
})
export type LivePause = z.infer<typeof livePause>

/**
 * The hub cannot read the voice service's list of calls in flight (it fails, or answers what the console
 * cannot read): the board may be missing calls until it can. It keeps trying; `recovered` ends it.
 */
export const liveTrouble = z.object({
  /** What happened, in words. */
  message: z.string(),
  since: z.iso.datetime(),
})
export type LiveTrouble = z.infer<typeof liveTrouble>

/**
 * Calls placed in the last hour (by `created_at`, the list's `from_date`) that have ended, by outcome.
 * The answer rate is `completed / (completed + failed)`.
 */
export const liveTally = z.object({
  completed: nonNegativeInt,
  failed: nonNegativeInt,
  /** False when the count stopped at its page limit: the numbers are lower bounds. */
  complete: z.boolean(),
  countedAt: z.iso.datetime(),
})
export type LiveTally = z.infer<typeof liveTally>

/** The first event of every connection (and of a reconnect whose missed events are gone). */
export const liveSnapshot = z.object({
  calls: z.array(liveCallEntry),
  paused: z.nullable(livePause),
  /** Null until the first count has come back. */
  tally: z.nullable(liveTally),
  /** Null (or absent) while the hub reads the service's list. */
  trouble: z.optional(z.nullable(liveTrouble)),
})
export type LiveSnapshot = z.infer<typeof liveSnapshot>

/** Every event by its SSE `event:` name; each one's `data:` is its schema as JSON. */
export const LIVE_EVENTS = {
  snapshot: liveSnapshot,
  /** A call's status changed, or the hub saw it for the first time. */
  call: liveCallEntry,
  paused: livePause,
  /** Upstream requests go out again after a pause. */
  resumed: z.object({}),
  /** The last hour's counts changed. */
  tally: liveTally,
  /** The hub cannot read the service's list (again, or for another reason). */
  trouble: liveTrouble,
  /** The hub reads the service's list again. */
  recovered: z.object({}),
} as const
export type LiveEventName = keyof typeof LIVE_EVENTS
export type LiveEventData<Name extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[Name]>

/** Comment lines at this period keep proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000

/** GET /api/console/events/stats (admins): the streams the console holds, in all and by person (a user id). */
export interface LiveStreamStats {
  streams: number
  people: { person: string; streams: number; watchedIds: number }[]
}

/** Under CONSOLE_PREFIX. */
export const LIVE_STATS_PATH = `${LIVE_EVENTS_PATH}/stats`
