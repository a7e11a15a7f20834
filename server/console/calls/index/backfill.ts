// The full backfill: every call of the account up to the watermark, a page per step, newest first.
// Each page is written with its cursor and count in one transaction, so a restart goes on from the
// next page: no call counted twice, none skipped. Cost: one request per page of 100 calls, and one
// GET /account at the start for the estimate's base (the contract's start).
import { createPageGuard, type PageGuard } from '../../live/page-guard'
import type { ConsoleStore } from '../../store'

type SyncRow = Awaited<ReturnType<ConsoleStore['callIndexSync']['read']>>

import { timesOf } from './listed-time'
import { DONE, failureOf, type Step, type StepOutcome, type SyncContext } from './sync-step'

/**
 * What the sync keeps of a backfill between its steps. The guard's memory (cursors seen) is the
 * process's: after a restart the backfill goes on from its stored cursor with a new one.
 */
export interface BackfillWalk {
  askedContract: boolean
  guard: PageGuard | null
}

const SECOND = 1_000

/** A new backfill over every call created before the watermark's second ends (to_date is exclusive). */
export function startBackfill(store: ConsoleStore, watermark: number | null) {
  return store.callIndexSync.update({
    backfill_running: 1,
    backfill_to: watermark === null ? null : watermark + SECOND,
    backfill_cursor: null,
    backfill_oldest: null,
    backfill_listed: 0,
    backfill_estimated_total: null,
    backfill_since: null,
    backfill_finished_at: null,
  })
}

/** Calls listed so far, scaled by the time they span to the time since the contract began. */
function estimateTotal(listed: number, top: number | null, oldest: number | null, since: number | null) {
  if (top === null || oldest === null || since === null || top <= oldest) return null
  if (oldest <= since) return listed
  return Math.round((listed * (top - since)) / (top - oldest))
}

/** `sync`: the sync's row as the caller has just read it. */
export async function nextBackfillStep(ctx: SyncContext, state: BackfillWalk, sync: SyncRow): Promise<Step | null> {
  if (!sync.backfill_running) return null
  if (sync.backfill_since === null && !state.askedContract) {
    return async () => {
      const answer = await ctx.upstream.contractStart()
      if (answer.kind === 'rate-limited') return answer
      // Without it the backfill runs all the same, with no estimate.
      state.askedContract = true
      const since = answer.kind === 'ok' ? Date.parse(answer.body.contract_start ?? '') : Number.NaN
      if (!Number.isNaN(since)) await ctx.store.callIndexSync.update({ backfill_since: since })
      return answer.kind === 'ok' ? DONE : failureOf(answer)
    }
  }
  return async () => {
    const answer = await ctx.upstream.listCalls({
      toMs: sync.backfill_to ?? undefined,
      cursor: sync.backfill_cursor,
      limit: ctx.pageSize,
    })
    if (answer.kind === 'failed' && answer.reason === 'answered 400' && sync.backfill_cursor && sync.backfill_oldest) {
      // The upstream no longer takes the cursor: go on below the oldest call listed (its second again).
      await ctx.store.callIndexSync.update({ backfill_cursor: null, backfill_to: sync.backfill_oldest + SECOND })
      // A walk of its own: the service may hand out the cursors it handed out before.
      state.guard = null
      return DONE
    }
    if (answer.kind !== 'ok') return failureOf(answer)
    const { calls } = answer.body
    state.guard ??= createPageGuard(ctx.maxPages.backfill)
    const next = state.guard.next(answer.body)
    // Calls listed again (a page the service served twice) are not counted twice.
    const listed = sync.backfill_listed + next.fresh
    const oldest = Math.min(
      sync.backfill_oldest ?? Number.MAX_SAFE_INTEGER,
      ...calls.flatMap((c) => timesOf(c.created_at)),
    )
    // Cut short, the backfill is over all the same, with what it got: the index is not left catching up for ever.
    const done = next.cursor === null
    // The next walk starts afresh, whichever instance starts it: its own guard, and the contract asked again.
    if (done) {
      state.guard = null
      state.askedContract = false
    }
    await ctx.store.callIndexSync.listedPage(calls, {
      backfill_cursor: next.cursor,
      backfill_listed: listed,
      backfill_oldest: oldest === Number.MAX_SAFE_INTEGER ? null : oldest,
      backfill_estimated_total: done ? listed : estimateTotal(listed, sync.backfill_to, oldest, sync.backfill_since),
      backfill_running: done ? 0 : 1,
      backfill_finished_at: done ? ctx.now() : null,
    })
    const outcome: StepOutcome = done
      ? { kind: 'done', ended: { listing: 'the backfill', stopped: next.stopped } }
      : DONE
    return outcome
  }
}
