// What the hub knows of one call, and the pure decisions about it: is it due for a poll, did a
// poll change anything a viewer sees, may it be forgotten.

import type { LiveCall, LiveCallEntry } from '../../../src/api/contract/live-schemas'
import type { PlacedBy } from '../../../src/api/contract/placed-by-schemas'
import {
  type CallStatusResponse,
  FINISHED_CALL_STATUSES,
  IN_FLIGHT_CALL_STATUSES,
  QUEUED,
} from '../../../src/api/contract/schemas'

export interface TrackedCall {
  id: string
  /** Null until the first status answer. */
  call: LiveCall | null
  /** From the in-flight list, which has them (the status operation does not). */
  callerId: string | null
  destination: string | null
  placedBy: PlacedBy | null
  /** Owner lookups so far: a call placed here may be listed a moment before its owner is recorded. */
  ownerLookups: number
  /** Connections watching it by id. */
  viewers: number
  /** Seen in flight, so every viewer's board shows it (and its end). */
  onBoard: boolean
  nextPollAt: number
  /** A status request is under way: never a second one for the same call (polls are coalesced). */
  polling: boolean
  /** At least one status request has come back, whatever it said. */
  tried: boolean
  /** Answers with a status the spec does not list: polled slowly, and only so many times. */
  unknownAnswers: number
  /** Ended (nothing more to poll), or unknown upstream (404). */
  settledAt: number | null
}

export function newTrackedCall(id: string, now: number): TrackedCall {
  return {
    id,
    call: null,
    callerId: null,
    destination: null,
    placedBy: null,
    ownerLookups: 0,
    viewers: 0,
    onBoard: false,
    nextPollAt: now,
    polling: false,
    tried: false,
    unknownAnswers: 0,
    settledAt: null,
  }
}

export const hasEnded = (status: string) => FINISHED_CALL_STATUSES.includes(status)

const IN_FLIGHT: readonly string[] = [QUEUED, ...IN_FLIGHT_CALL_STATUSES]
/** Queued, initiated or ringing: a status that says the call is going on (a board's "in flight"). */
export const isInFlight = (status: string) => IN_FLIGHT.includes(status)

export function isDue(call: TrackedCall, now: number): boolean {
  return !call.polling && call.settledAt === null && call.nextPollAt <= now && (call.viewers > 0 || call.onBoard)
}

/** The call as the stream shows it, once its status is known. */
export function entryOf(call: TrackedCall): LiveCallEntry | null {
  return call.call ? { call: call.call, placedBy: call.placedBy, onBoard: call.onBoard } : null
}

export function withStatus(call: TrackedCall, status: CallStatusResponse): LiveCall {
  // The spec's fields only: whatever else the service adds stays out of every browser's stream.
  const { call_id, status: value, duration_seconds, started_at, updated_at } = status
  return {
    call_id,
    status: value,
    duration_seconds,
    started_at,
    updated_at,
    caller_id: call.callerId,
    destination: call.destination,
  }
}

/** Whether a viewer would see a difference: the status, the duration, the time of the last change, the owner. */
export function differs(before: LiveCallEntry | null, after: LiveCallEntry): boolean {
  if (!before) return true
  return (
    before.call.status !== after.call.status ||
    before.call.duration_seconds !== after.call.duration_seconds ||
    before.call.updated_at !== after.call.updated_at ||
    before.call.caller_id !== after.call.caller_id ||
    before.placedBy?.userId !== after.placedBy?.userId
  )
}

/** Calls every viewer's board shows, held against the board's limit. */
export function boardSize(calls: Iterable<TrackedCall>): number {
  let size = 0
  for (const call of calls) if (call.onBoard) size += 1
  return size
}

/** Nobody watches it by id, and the board no longer needs it (it ended a while ago, or it never existed). */
export function isForgettable(call: TrackedCall, now: number, justEndedMs: number): boolean {
  if (call.viewers > 0) return false
  if (!call.onBoard) return true
  return call.settledAt !== null && now - call.settledAt > justEndedMs
}
