// One pass of the incremental sync, a request per step: the calls created since the watermark (less an
// overlap, for calls committed late), then the calls the index holds as in flight, re-listed by status.
// A call gone from both in-flight lists has ended: it joins the detail queue, whose one GET says how.
// That costs 2 requests a pass however many calls are in flight (up to 100 each), where a status poll
// per call would cost one per call.
import type { CallStatus } from '../../../../src/api/contract/schemas'
import { createPageGuard } from '../../live/page-guard'
import { timesOf } from './listed-time'
import { DONE, failureOf, type Listing, type StepOutcome, type SyncContext } from './sync-step'

/** Calls committed upstream a little after their created_at are still listed by the next pass. */
export const OVERLAP_MS = 5_000

type Phase = 'new' | Extract<CallStatus, 'DIALER_INITIATED' | 'DIALER_RINGING'>

const LISTINGS: Record<Phase, Listing> = {
  new: 'the listing of new calls',
  DIALER_INITIATED: 'the listing of initiated calls',
  DIALER_RINGING: 'the listing of ringing calls',
}

export interface IncrementalPass {
  step(): Promise<StepOutcome>
  readonly finished: boolean
}

/**
 * `watermark` null: nothing listed yet. Before the first backfill the newest page is then enough (the
 * backfill lists everything up to it); after one, every page is listed.
 */
export function startIncrementalPass(
  ctx: SyncContext,
  watermark: number | null,
  options: { newestPageOnly: boolean },
): IncrementalPass {
  const startedAt = ctx.now()
  let phase: Phase = 'new'
  let cursor: string | null = null
  // A guard per list: two lists may well use the same cursor strings.
  let guard = createPageGuard(ctx.maxPages.pass)
  let newest = watermark
  let watched: { call_id: string; created_at: number }[] = []
  const stillInFlight = new Set<string>()
  let inFlightListed = true
  let finished = false

  async function advance() {
    guard = createPageGuard(ctx.maxPages.pass)
    if (phase === 'new') {
      watched = await ctx.store.callIndex.inFlight()
      if (watched.length > 0) {
        // Initiated first: a call moving on to ringing between the two lists is still in the second.
        phase = 'DIALER_INITIATED'
        return
      }
    } else if (phase === 'DIALER_INITIATED') {
      phase = 'DIALER_RINGING'
      return
    } else if (inFlightListed) {
      // Only lists read to their end say which calls are gone from them.
      await ctx.store.callIndex.markEnded(
        watched.filter((call) => !stillInFlight.has(call.call_id)).map((c) => c.call_id),
      )
    }
    await ctx.store.callIndexSync.update({ watermark: newest, synced_to: startedAt })
    finished = true
  }

  return {
    get finished() {
      return finished
    },
    async step() {
      const answer = await ctx.upstream.listCalls(
        phase === 'new'
          ? { fromMs: watermark === null ? undefined : watermark - OVERLAP_MS, cursor, limit: ctx.pageSize }
          : { status: phase, fromMs: watched[0]?.created_at, cursor, limit: ctx.pageSize },
      )
      if (answer.kind !== 'ok') return failureOf(answer)
      const { calls } = answer.body
      await ctx.store.callIndex.upsertListed(calls)
      for (const call of calls) {
        if (phase !== 'new') stillInFlight.add(call.call_id)
        else newest = Math.max(newest ?? 0, ...timesOf(call.created_at))
      }
      const listing = LISTINGS[phase]
      if (phase === 'new' && watermark === null && options.newestPageOnly) {
        cursor = null
        await advance()
        return DONE
      }
      const next = guard.next(answer.body)
      cursor = next.cursor
      if (cursor) return DONE
      // The list ended, or was cut short: the pass goes on with what it got rather than read it again.
      if (next.stopped && phase !== 'new') inFlightListed = false
      await advance()
      return { kind: 'done', ended: { listing, stopped: next.stopped } }
    },
  }
}
