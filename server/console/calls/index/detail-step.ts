// The detail queue: GET /calls/{id} for the newest call that has ended without its final details
// (metadata, recording, voicemail drop, billed minutes). One request per call, once it has ended.
import type { Logger } from '../../http/request-log'
import { answeredUnreadable } from './index-upstream'
import { DONE, failureOf, type Step, type SyncContext } from './sync-step'

export async function nextDetailStep(ctx: SyncContext, logger?: Logger): Promise<Step | null> {
  const [callId] = await ctx.store.callIndex.needingDetails(1)
  if (!callId) return null
  return async () => {
    const answer = await ctx.upstream.callDetail(callId)
    if (answer.kind === 'ok') {
      await ctx.store.callIndex.writeDetail(answer.body, ctx.now())
      ctx.onCallEnded?.(answer.body.created_at ? Date.parse(answer.body.created_at) : null, answer.body.call_id)
      return DONE
    }
    // Asking again would get the same answer: the call leaves the queue instead of blocking it.
    if (answer.kind === 'not-found' || (answer.kind === 'failed' && answeredUnreadable(answer.reason))) {
      logger?.error({ msg: 'call index: a call detail could not be read', callId, reason: failureOf(answer) })
      await ctx.store.callIndex.detailsGone(callId, ctx.now())
      return DONE
    }
    return failureOf(answer)
  }
}
