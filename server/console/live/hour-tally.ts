// The last hour's tally: calls created in the last hour that have ended, by outcome. A count pages
// through the list of each outcome (at most `maxPages` pages each) once a period, one page at a time
// when the poller has budget for it. Between counts a call the hub sees end is added at once, so the
// board's counters move when a call ends; the ids behind the numbers are kept, so none counts twice.
import type { LiveTally } from '../../../src/api/contract/live-schemas'
import type { CallStatus, CallStatusResponse } from '../../../src/api/contract/schemas'
import type { Logger } from '../http/request-log'
import type { LiveUpstream } from './live-upstream'
import { createPageGuard, describeStop, type ListingStop, type ListingStopReason, type PageGuard } from './page-guard'

const HOUR_MS = 60 * 60_000
const OUTCOMES = ['DIALER_COMPLETED', 'DIALER_FAILED'] as const satisfies readonly CallStatus[]
type Outcome = (typeof OUTCOMES)[number]
type CountedIds = Record<Outcome, Set<string>>

const isOutcome = (status: string): status is Outcome => (OUTCOMES as readonly string[]).includes(status)

interface Count {
  startedAt: number
  fromDate: Date
  /** The outcomes whose list is still to page through, the current one first. */
  left: Outcome[]
  cursor: string | null
  /** The walk through the current outcome's list. */
  guard: PageGuard
  ids: CountedIds
  /** False once a list had more pages than `maxPages`. */
  complete: boolean
}

function newCount(time: number, maxPages: number): Count {
  return {
    startedAt: time,
    fromDate: new Date(time - HOUR_MS),
    left: [...OUTCOMES],
    cursor: null,
    guard: createPageGuard(maxPages),
    ids: { DIALER_COMPLETED: new Set(), DIALER_FAILED: new Set() },
    complete: true,
  }
}

export interface HourTallyOptions {
  upstream: LiveUpstream
  /** Between the starts of two counts. */
  periodMs: number
  /** Pages per outcome in one count; past them the numbers are lower bounds. */
  maxPages: number
  /** Before a page that failed is asked again. */
  retryMs: number
  now: () => number
  /** The numbers changed (not only the time of the count). */
  changed(tally: LiveTally): void
  rateLimited(retryAfterMs: number): void
  logger?: Logger
}

export function createHourTally(options: HourTallyOptions) {
  const { upstream, now } = options
  let tally: LiveTally | null = null
  // The ids behind `tally`: the last count's, and those seen ending since.
  let counted: CountedIds | null = null
  let count: Count | null = null
  let nextCountAt = 0
  // Why the last count of each outcome was cut short, short of its page limit: one log line an episode.
  const cutShort = new Map<Outcome, ListingStopReason>()
  let nextPageAt = 0
  let sending = false
  // Bumped when the hub goes idle: a page that comes back after that is dropped.
  let generation = 0

  function publish(next: LiveTally) {
    const changed =
      tally?.completed !== next.completed || tally.failed !== next.failed || tally.complete !== next.complete
    tally = next
    if (changed) options.changed(next)
  }

  // The page limit is the tally's own choice (lower bounds past it, as documented); a repeated cursor
  // or pages with nothing new are the service's doing, worth a line in the log when they begin.
  function noteEnd(outcome: Outcome, stop: ListingStop | null) {
    const before = cutShort.get(outcome)
    if (!stop || stop.reason === 'page-limit') {
      cutShort.delete(outcome)
      return
    }
    cutShort.set(outcome, stop.reason)
    if (before !== stop.reason)
      options.logger?.error({
        msg: 'live tally: a listing of the voice service was cut short',
        reason: describeStop(stop, `the count of ${outcome}`),
      })
  }

  function finish(done: Count) {
    counted = done.ids
    count = null
    nextCountAt = done.startedAt + options.periodMs
    publish({
      completed: done.ids.DIALER_COMPLETED.size,
      failed: done.ids.DIALER_FAILED.size,
      complete: done.complete,
      countedAt: new Date(done.startedAt).toISOString(),
    })
  }

  async function sendPage(current: Count, outcome: Outcome) {
    const started = generation
    sending = true
    const answer = await upstream.callsIn(outcome, current.fromDate, current.cursor)
    if (started !== generation) return
    sending = false
    const time = now()
    if (answer.kind === 'ok') {
      for (const item of answer.body.calls) current.ids[outcome].add(item.call_id)
      const next = current.guard.next(answer.body)
      if (next.cursor) current.cursor = next.cursor
      else {
        if (next.stopped) current.complete = false
        noteEnd(outcome, next.stopped)
        current.left.shift()
        current.cursor = null
        current.guard = createPageGuard(options.maxPages)
      }
      if (current.left.length === 0) finish(current)
      nextPageAt = time
    } else if (answer.kind === 'rate-limited') options.rateLimited(answer.retryAfterMs)
    else {
      nextPageAt = time + options.retryMs
      const reason = answer.kind === 'failed' ? answer.reason : 'answered 404'
      options.logger?.error({ msg: 'live tally count failed', reason })
    }
  }

  return {
    /** When the next page is due (it may be past), or null while one is under way. */
    dueAt: (): number | null => (sending ? null : count ? nextPageAt : nextCountAt),
    /** Asks for the next page, starting a count if none is under way; the caller has the budget for it. */
    sendPage() {
      count ??= newCount(now(), options.maxPages)
      const outcome = count.left[0]
      if (outcome) void sendPage(count, outcome)
    },
    /**
     * A status the hub polled: a call created in the last hour that has ended counts now if it is not
     * counted yet. The status operation has no created_at; its started_at is when the call was placed.
     */
    noteStatus(status: CallStatusResponse) {
      if (!isOutcome(status.status) || !(Date.parse(status.started_at ?? '') > now() - HOUR_MS)) return
      // The count under way may have paged past where this call now stands.
      count?.ids[status.status].add(status.call_id)
      if (!tally || !counted || counted[status.status].has(status.call_id)) return
      counted[status.status].add(status.call_id)
      publish({ ...tally, completed: counted.DIALER_COMPLETED.size, failed: counted.DIALER_FAILED.size })
    },
    /** Null until the first count has come back. */
    current: () => tally,
    /** Nobody is connected (or the hub is closing): the numbers go stale, so they are forgotten. */
    forget() {
      generation += 1
      tally = null
      counted = null
      count = null
      nextCountAt = 0
      nextPageAt = 0
      sending = false
    },
  }
}
