// The hub's upstream side: one timer that, within the request budget, lists the calls in flight,
// polls each tracked call that is due (never two requests for one call at once) and counts the last
// hour's tally (hour-tally.ts), and that stops every request for as long as a 429's Retry-After asks.
import type { LiveEventData, LiveEventName, LivePause, LiveTrouble } from '../../../src/api/contract/live-schemas'
import { type CallStatus, IN_FLIGHT_CALL_STATUSES } from '../../../src/api/contract/schemas'
import type { Logger } from '../http/request-log'
import { createHourTally } from './hour-tally'
import type { LiveUpstream } from './live-upstream'
import { pollDelayMs } from './poll-delay'
import type { RequestBudget } from './request-budget'
import {
  boardSize,
  differs,
  entryOf,
  hasEnded,
  isDue,
  isForgettable,
  isInFlight,
  newTrackedCall,
  type TrackedCall,
  withStatus,
} from './tracked-call'

// A call placed here is listed a moment before its owner is recorded; a few tries settle it.
const OWNER_LOOKUPS = 3

export interface CallPollerOptions {
  upstream: LiveUpstream
  budget: RequestBudget
  calls: Map<string, TrackedCall>
  pollMs: number
  /** How often the in-flight lists are asked; two poll intervals unless set. */
  discoveryMs?: number
  /** How often the last hour's tally is counted again. */
  tallyMs: number
  /** Pages of the list per outcome in one count of the tally. */
  tallyPages: number
  /** Most calls tracked for the board, besides those watched by id. */
  boardCalls: number
  justEndedMs: number
  lookbackMs: number
  /** A status the spec does not list: asked for again this seldom, and this many times at most. */
  unknownStatusPollMs: number
  unknownStatusChecks: number
  ownersOf(callIds: readonly string[]): Promise<{ call_id: string; user_id: string; email: string }[]>
  emit<Name extends LiveEventName>(
    name: Name,
    data: LiveEventData<Name>,
    callId: string | null,
    onBoard?: boolean,
  ): void
  /** After every answer: a new viewer may be waiting for it. */
  answered(): void
  /** Whether anyone is connected; the timer runs only then. */
  wanted(): boolean
  now: () => number
  logger?: Logger
}

export function createCallPoller(options: CallPollerOptions) {
  const { upstream, budget, calls, pollMs, now } = options
  // New calls show up within two poll intervals; the list costs two requests (one per status).
  const discoveryMs = options.discoveryMs ?? 2 * pollMs
  const tickMs = Math.min(100, Math.max(10, Math.round(pollMs / 10)))
  const nextDiscoveryAt = new Map<CallStatus, number>()
  const discoveryTried = new Set<CallStatus>()
  const discovering = new Set<CallStatus>()
  let pause: LivePause | null = null
  // The in-flight lists fail: the board cannot be trusted. Set at the first failure, ended by an answer.
  let trouble: (LiveTrouble & { reason: string }) | null = null
  let pausedUntil = 0
  // Bumped when the hub goes idle: answers to requests from before are dropped.
  let generation = 0
  let timer: NodeJS.Timeout | null = null
  let closed = false

  function pauseFor(ms: number) {
    const until = now() + ms
    if (pause && until <= pausedUntil) return
    pausedUntil = until
    const seconds = Math.ceil(ms / 1000)
    pause = {
      nextTryAt: new Date(until).toISOString(),
      retryAfterSeconds: seconds,
      message: 'Updates paused: the voice service asked us to slow down.',
    }
    options.emit('paused', pause, null)
    options.logger?.info({ msg: 'live updates paused by the voice service', retryAfterSeconds: seconds })
  }

  function troubled(reason: string) {
    if (trouble?.reason === reason) return
    trouble = { reason, message: troubleWords(reason), since: trouble?.since ?? new Date(now()).toISOString() }
    options.emit('trouble', { message: trouble.message, since: trouble.since }, null)
    options.logger?.error({ msg: 'live: the voice service’s list of calls in flight cannot be read', reason })
  }

  function untroubled() {
    if (!trouble) return
    trouble = null
    options.emit('recovered', {}, null)
    options.logger?.info({ msg: 'live: the voice service’s list of calls in flight is read again' })
  }

  const tally = createHourTally({
    upstream,
    periodMs: options.tallyMs,
    maxPages: options.tallyPages,
    retryMs: 2 * pollMs,
    now,
    changed: (numbers) => options.emit('tally', numbers, null),
    rateLimited: pauseFor,
    logger: options.logger,
  })

  async function lookUpOwner(call: TrackedCall) {
    if (call.placedBy || call.ownerLookups >= OWNER_LOOKUPS) return
    call.ownerLookups += 1
    const [owner] = await options.ownersOf([call.id])
    if (owner) call.placedBy = { userId: owner.user_id, email: owner.email }
  }

  async function poll(call: TrackedCall) {
    call.polling = true
    const answer = await upstream.callStatus(call.id)
    // Who placed it is looked up before the call counts as tried: a snapshot waits for tried calls only, and
    // must not go out between the answer and its owner (a store a network away takes a while to answer).
    if (answer.kind === 'ok' && !closed && calls.get(call.id) === call)
      await lookUpOwner(call).catch((error) =>
        options.logger?.error({ msg: 'owner lookup failed', error: String(error) }),
      )
    call.polling = false
    call.tried = true
    if (closed || calls.get(call.id) !== call) return
    const time = now()
    if (answer.kind === 'ok') {
      const status = answer.body
      const ended = hasEnded(status.status)
      // A status nobody here knows is not put on the board as in flight, and not polled every second for good.
      const unknown = !ended && !isInFlight(status.status)
      if (!ended && !unknown) call.onBoard = true
      if (unknown) call.unknownAnswers += 1
      const before = entryOf(call)
      call.call = withStatus(call, status)
      if (ended || (unknown && call.unknownAnswers >= options.unknownStatusChecks)) call.settledAt = time
      else if (unknown) call.nextPollAt = time + options.unknownStatusPollMs
      else call.nextPollAt = time + pollDelayMs(pollMs, time - (Date.parse(status.started_at ?? '') || time))
      const after = entryOf(call)
      if (after && differs(before, after)) options.emit('call', after, call.id, call.onBoard)
      if (ended) tally.noteStatus(status)
    } else if (answer.kind === 'rate-limited') pauseFor(answer.retryAfterMs)
    else if (answer.kind === 'not-found') call.settledAt = time
    else {
      call.nextPollAt = time + 2 * pollMs
      options.logger?.error({ msg: 'live status poll failed', reason: answer.reason })
    }
    options.answered()
  }

  async function discover(status: CallStatus) {
    const started = generation
    discovering.add(status)
    const answer = await upstream.callsIn(status, new Date(now() - options.lookbackMs))
    discovering.delete(status)
    if (closed || started !== generation) return
    discoveryTried.add(status)
    if (answer.kind === 'ok') {
      untroubled()
      let onBoard = boardSize(calls.values())
      for (const item of answer.body.calls) {
        let call = calls.get(item.call_id)
        if (!call) {
          if (onBoard >= options.boardCalls) break
          call = newTrackedCall(item.call_id, now())
          calls.set(call.id, call)
        }
        if (!call.onBoard) onBoard += 1
        call.onBoard = true
        call.callerId = item.caller_id ?? null
        call.destination = item.destination ?? null
      }
    } else if (answer.kind === 'rate-limited') pauseFor(answer.retryAfterMs)
    else if (answer.kind === 'failed') troubled(answer.reason)
    else troubled('answered 404')
    options.answered()
  }

  function sendDue(time: number) {
    for (const status of IN_FLIGHT_CALL_STATUSES) {
      if (discovering.has(status) || time < (nextDiscoveryAt.get(status) ?? 0)) continue
      if (!budget.tryTake()) return
      nextDiscoveryAt.set(status, time + discoveryMs)
      void discover(status)
    }
    const due = [...calls.values()].filter((call) => isDue(call, time)).sort((a, b) => a.nextPollAt - b.nextPollAt)
    // The tally's page waits behind the polls due up to a poll interval after it: a busy board delays
    // a count, but cannot put it off for ever.
    let tallyAt = tally.dueAt()
    if (tallyAt !== null && tallyAt > time) tallyAt = null
    for (const call of due) {
      if (tallyAt !== null && tallyAt + pollMs < call.nextPollAt) {
        if (!budget.tryTake()) return
        tally.sendPage()
        tallyAt = null
      }
      if (!budget.tryTake()) return
      void poll(call)
    }
    if (tallyAt !== null && budget.tryTake()) tally.sendPage()
  }

  function tick() {
    timer = null
    if (closed || !options.wanted()) return
    const time = now()
    if (pause && time >= pausedUntil) {
      pause = null
      options.emit('resumed', {}, null)
    }
    if (!pause) sendDue(time)
    for (const call of calls.values())
      if (!call.polling && isForgettable(call, time, options.justEndedMs)) calls.delete(call.id)
    schedule(tickMs)
  }

  function schedule(delayMs: number) {
    if (timer || closed || !options.wanted()) return
    timer = setTimeout(tick, delayMs)
    timer.unref()
  }

  function stopTimer() {
    if (timer) clearTimeout(timer)
    timer = null
  }

  return {
    /** A new viewer: look now rather than at the next tick. */
    wake() {
      stopTimer()
      schedule(0)
    },
    /** Nobody is connected: no more requests, and what was learnt goes stale, so it is forgotten. */
    idle() {
      generation += 1
      stopTimer()
      nextDiscoveryAt.clear()
      discoveryTried.clear()
      // Nobody is told any more: the next viewer hears of it again from the next answer.
      trouble = null
      tally.forget()
    },
    close() {
      closed = true
      stopTimer()
      tally.forget()
      upstream.close()
    },
    /** The upstream's pause, while it lasts (it outlives idleness: the upstream asked). */
    pause: () => pause,
    /** Why the in-flight lists cannot be read, while they cannot. */
    trouble: (): LiveTrouble | null => trouble && { message: trouble.message, since: trouble.since },
    /** The last hour's tally; null until the first count has come back. */
    tally: () => tally.current(),
    /** Both in-flight lists have answered at least once since the hub woke. */
    discovered: () => discoveryTried.size === IN_FLIGHT_CALL_STATUSES.length,
    running: () => timer !== null,
  }
}

/** What a failed list got, in words for the board: an answer is not "no answer". */
export function troubleWords(reason: string): string {
  const what = 'The voice service’s list of calls in flight'
  if (/^answered 2\d\d$/.test(reason)) return `${what} came back in a form the console cannot read (${reason}).`
  if (reason === 'timeout') return `${what} did not come back in time.`
  if (reason === 'unreachable') return `The voice service cannot be reached.`
  return `${what} failed: the service ${reason}.`
}
