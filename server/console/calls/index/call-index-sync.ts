// The sync that keeps the call index: one loop in the console process, one upstream request at a time,
// never more than CONSOLE_INDEX_RPS in any second (its own budget: the status hub keeps its own), and
// paused for the Retry-After of a 429. Each turn takes the most pressing work: the incremental pass
// when due, then details and backfill pages in turn.
import { INDEX_SYNC_MS, type IndexState } from '../../../../src/api/contract/call-index-schemas'
import type { Logger } from '../../http/request-log'
import { describeStops, type ListingStop } from '../../live/page-guard'
import { createRequestBudget } from '../../live/request-budget'
import { keyRefused } from '../../proxy/upstream-get'
import type { ConsoleStore } from '../../store'
import { type BackfillWalk, nextBackfillStep, startBackfill } from './backfill'
import { createDetailQueue } from './detail-step'
import { type IncrementalPass, startIncrementalPass } from './incremental-pass'
import type { IndexUpstream } from './index-upstream'
import { readIndexState } from './read-index-state'
import { LISTINGS, type Listing, type ListingEnd, type Step, type StepOutcome, type SyncContext } from './sync-step'

export interface CallIndexSyncOptions {
  store: ConsoleStore
  upstream: IndexUpstream
  /** Upstream requests a second at most (CONSOLE_INDEX_RPS). */
  rps: number
  /** How often the incremental pass runs; 5 s unless set. */
  syncMs?: number
  pageSize?: number
  /** Pages one walk reads at most (an incremental pass's list; a backfill); the defaults below unless set. */
  maxPages?: Partial<SyncContext['maxPages']>
  logger?: Logger
  now?: () => number
  /** Called when a call's final details are indexed (the alert evaluator's cue); cheap and synchronous. */
  onCallEnded?: (createdAtMs: number | null, callId: string) => void
}

export interface CallIndexSync {
  state(): Promise<IndexState>
  /** Starts a full backfill; false when one is already running. */
  requestBackfill(): Promise<boolean>
  /** Stops after the request under way (aborted) and its writes: the store may close after it. */
  close(): Promise<void>
}

const LIST_PAGE = 100
// A pass lists the calls of 5 s: 100 pages is 10,000 calls. A backfill lists the account: 100,000 pages
// of 100 is ten million calls. Past either, the service is taken to be handing out pages for ever.
const PASS_MAX_PAGES = 100
const BACKFILL_MAX_PAGES = 100_000
// After a failure that is not a 429 (the upstream down, a 5xx): long enough not to hammer it.
const FAILURE_PAUSE_MS = 5_000

export function startCallIndexSync(options: CallIndexSyncOptions): CallIndexSync {
  const now = options.now ?? Date.now
  const syncMs = options.syncMs ?? INDEX_SYNC_MS
  const ctx: SyncContext = {
    store: options.store,
    upstream: options.upstream,
    pageSize: options.pageSize ?? LIST_PAGE,
    maxPages: {
      pass: options.maxPages?.pass ?? PASS_MAX_PAGES,
      backfill: options.maxPages?.backfill ?? BACKFILL_MAX_PAGES,
    },
    now,
    onCallEnded: options.onCallEnded,
  }
  const budget = createRequestBudget(options.rps, now)
  const backfillState: BackfillWalk = { askedContract: false, guard: null }
  const details = createDetailQueue(ctx, options.logger)
  // The walks cut short, by listing, until one ends as the service says: one episode each, logged once.
  const stopped = new Map<Listing, ListingStop>()
  let closed = false
  let pass: IncrementalPass | null = null
  let nextPassAt = 0
  let pausedUntil = 0
  let failing: string | null = null
  let detailsTurn = true
  let wake: (() => void) | null = null

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms))
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    }).finally(() => {
      wake = null
    })

  async function beginBackfill(watermark: number | null) {
    backfillState.askedContract = false
    backfillState.guard = null
    await startBackfill(options.store, watermark)
  }

  async function nextStep(): Promise<Step | null> {
    if (pass || now() >= nextPassAt) {
      const sync = await options.store.callIndexSync.read()
      pass ??= startIncrementalPass(ctx, sync.watermark, { newestPageOnly: sync.backfill_finished_at === null })
      return pass.step
    }
    // The sync's row is read on the backfill's turns only: the detail queue's own turns ask the store nothing more.
    const backfillStep = async () => {
      let sync = await options.store.callIndexSync.read()
      // The first start: once the first pass has set the watermark, everything older is listed.
      if (!sync.backfill_running && sync.backfill_finished_at === null && sync.synced_to !== null) {
        await beginBackfill(sync.watermark)
        sync = await options.store.callIndexSync.read()
      }
      return nextBackfillStep(ctx, backfillState, sync)
    }
    const finders = [() => details.next(), backfillStep]
    if (!detailsTurn) finders.reverse()
    for (const find of finders) {
      const step = await find()
      if (step) {
        detailsTurn = !detailsTurn
        return step
      }
    }
    return null
  }

  function noteEnd({ listing, stopped: stop }: ListingEnd) {
    const before = stopped.get(listing)
    if (!stop) {
      if (!before) return
      stopped.delete(listing)
      options.logger?.info({ msg: `call index: ${listing} ends as the voice service says again` })
      return
    }
    stopped.set(listing, stop)
    // The same stop pass after pass is one episode, logged when it begins.
    if (before?.reason === stop.reason) return
    options.logger?.error({
      msg: 'call index: a listing of the voice service was cut short',
      listing,
      reason: stop.reason,
      pages: stop.pages,
    })
  }

  function settle(outcome: StepOutcome) {
    if (outcome.kind === 'rate-limited') {
      pausedUntil = now() + outcome.retryAfterMs
      return
    }
    if (outcome.kind === 'failed') {
      if (failing === null)
        options.logger?.error({ msg: 'call index: the voice service failed', reason: outcome.reason })
      failing = outcome.reason
      pausedUntil = now() + FAILURE_PAUSE_MS
      return
    }
    if (failing !== null) options.logger?.info({ msg: 'call index: the voice service answers again' })
    failing = null
    if (outcome.ended) noteEnd(outcome.ended)
    if (pass?.finished) {
      pass = null
      nextPassAt = now() + syncMs
    }
  }

  async function run() {
    while (!closed) {
      let step: Step | null
      try {
        if (pausedUntil > now()) {
          await details.flush()
          await sleep(pausedUntil - now())
          continue
        }
        await details.flushIfDue()
        step = await nextStep()
        if (!step) {
          await details.flush()
          await sleep(nextPassAt - now())
          continue
        }
        while (!budget.tryTake() && !closed) await sleep(1_000 / options.rps)
        if (closed) return
        const outcome = await step()
        // A step cut short by close() (its request aborted) is the stop, not the voice service failing.
        if (closed) return
        settle(outcome)
      } catch (error) {
        // The store failed (or closed under us): the next turn tries again.
        if (closed) return
        options.logger?.error({ msg: 'call index: sync step failed', error: String(error) })
        pausedUntil = now() + FAILURE_PAUSE_MS
      }
    }
  }
  // The answers held when it stops are written before the store may close.
  const running = run().then(() =>
    details.flush().catch((error) => {
      options.logger?.error({ msg: 'call index: the last call details could not be written', error: String(error) })
    }),
  )

  return {
    state: () =>
      readIndexState(options.store, {
        failing: failing && !keyRefused(failing) ? failing : null,
        keyRefused: failing !== null && keyRefused(failing),
        stopped: describeStops(
          LISTINGS.flatMap((listing) => {
            const stop = stopped.get(listing)
            return stop ? [{ listing, stop }] : []
          }),
        ),
      }),
    async requestBackfill() {
      const sync = await options.store.callIndexSync.read()
      if (sync.backfill_running) return false
      await beginBackfill(sync.watermark)
      wake?.()
      return true
    },
    async close() {
      closed = true
      options.upstream.close()
      wake?.()
      await running
    },
  }
}
