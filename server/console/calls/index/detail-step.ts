// The detail queue: GET /calls/{id} for the newest calls that have ended without their final details (metadata,
// recording, voicemail drop, billed minutes). One request per call, once it has ended; the answers are held and
// written together (a transaction for up to DETAIL_BATCH calls, or what came in DETAIL_HOLD_MS), since a transaction
// per call cost PostgreSQL a round trip per statement and made its catch-up 2.4 times SQLite's.
import type { CallDetail } from '../../../../src/api/contract/schemas'
import type { Logger } from '../../http/request-log'
import { answeredUnreadable } from './index-upstream'
import { DONE, failureOf, type Step, type SyncContext } from './sync-step'

/** Calls a batch holds at most: a transaction of a few statements that holds its locks for milliseconds. */
const DETAIL_BATCH = 100
/** How long an answer waits for others at most: at the default 5 requests a second, a batch of one or two. */
const DETAIL_HOLD_MS = 250

export interface DetailQueue {
  /** The next call's request, or null when no call waits for its details (all held ones written first). */
  next(): Promise<Step | null>
  /** Writes the held answers when the batch is full or has waited its time. */
  flushIfDue(): Promise<void>
  /** Writes the held answers now: before the sync waits, and when it stops. */
  flush(): Promise<void>
}

export function createDetailQueue(ctx: SyncContext, logger?: Logger): DetailQueue {
  // The newest calls due, read a batch at a time; read again after each write, so a call that has just ended
  // goes first within a batch's time.
  let due: string[] = []
  let held: CallDetail[] = []
  let gone: string[] = []
  // A clock of its own: the sync's `now` is the service's time, which tests may hold still.
  let heldSince: number | null = null

  /** Each alone when the batch is refused: a call the store will not take (a NUL in a value, on PostgreSQL) loses only itself. */
  async function writeEach(details: CallDetail[], batchError: unknown): Promise<CallDetail[]> {
    const written: CallDetail[] = []
    const refused: { callId: string; error: unknown }[] = []
    for (const detail of details) {
      try {
        await ctx.store.callIndex.writeDetails([detail], ctx.now())
        written.push(detail)
      } catch (error) {
        refused.push({ callId: detail.call_id, error })
      }
    }
    // None taken: the store is failing, not the calls; they stay due and are asked for again.
    if (written.length === 0) throw batchError
    for (const { callId, error } of refused) {
      logger?.error({ msg: 'call index: the store refused a call detail', callId, error: String(error) })
      await ctx.store.callIndex.detailsGone(callId, ctx.now())
    }
    return written
  }

  async function flush() {
    due = []
    if (held.length === 0 && gone.length === 0) return
    const details = held
    const missing = gone
    held = []
    gone = []
    heldSince = null
    let written = details
    if (details.length > 0)
      try {
        await ctx.store.callIndex.writeDetails(details, ctx.now())
      } catch (error) {
        written = await writeEach(details, error)
      }
    for (const callId of missing) await ctx.store.callIndex.detailsGone(callId, ctx.now())
    for (const detail of written)
      ctx.onCallEnded?.(detail.created_at ? Date.parse(detail.created_at) : null, detail.call_id)
  }

  const isDue = () =>
    held.length + gone.length >= DETAIL_BATCH || (heldSince !== null && performance.now() - heldSince >= DETAIL_HOLD_MS)

  const hold = (answer: { detail: CallDetail } | { gone: string }) => {
    heldSince ??= performance.now()
    if ('detail' in answer) held.push(answer.detail)
    else gone.push(answer.gone)
  }

  return {
    flush,
    async flushIfDue() {
      if (isDue()) await flush()
    },
    async next() {
      if (isDue()) await flush()
      if (due.length === 0) {
        await flush()
        due = await ctx.store.callIndex.needingDetails(DETAIL_BATCH)
      }
      const callId = due.shift()
      if (!callId) return null
      return async () => {
        const answer = await ctx.upstream.callDetail(callId)
        if (answer.kind === 'ok') {
          hold({ detail: answer.body })
          return DONE
        }
        // Asking again would get the same answer: the call leaves the queue instead of blocking it.
        if (answer.kind === 'not-found' || (answer.kind === 'failed' && answeredUnreadable(answer.reason))) {
          logger?.error({ msg: 'call index: a call detail could not be read', callId, reason: failureOf(answer) })
          hold({ gone: callId })
          return DONE
        }
        // Asked again on the next turn: it is still the newest due.
        due.unshift(callId)
        return failureOf(answer)
      }
    },
  }
}
