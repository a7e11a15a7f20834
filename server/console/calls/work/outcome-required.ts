// CONSOLE_REQUIRE_OUTCOME: a person's next call waits until their previous one has an outcome. Read from the store
// at each placement, so it holds across tabs and instances; a call still without one is named, with its page. Each
// refusal is audited, as the proxy's other refusals are, with the call still waiting as its target.
import type { Context } from 'hono'
import { OUTCOME_REQUIRED } from '../../../../src/api/contract/call-work-schemas'
import { isPlacement } from '../../audit/placement-forwarded'
import { recordPlacementRefusal } from '../../audit/placement-refusal'
import type { RefusalTally } from '../../audit/refusal-tally'
import type { SessionEnv } from '../../auth/require-session'
import { sendProblem } from '../../http/problem'
import type { Operation } from '../../operations'
import type { ConsoleStore } from '../../store'

export function outcomeRequired(store: ConsoleStore, refusals: RefusalTally) {
  /** Null: the placement may go on; otherwise its refusal. */
  return async (c: Context<SessionEnv>, operation: Operation): Promise<Response | null> => {
    if (!isPlacement(operation)) return null
    const previous = await store.callWork.latestPlacedBy(c.get('session').userId)
    if (!previous || previous.outcome !== null) return null
    const link = `/calls/${encodeURIComponent(previous.callId)}`
    const status = 409
    await recordPlacementRefusal(refusals, c, {
      action: 'call.outcome-required-refused',
      target: previous.callId,
      status,
      detail: {},
    })
    return sendProblem(
      c,
      status,
      'Record the outcome of your last call first',
      `Your call ${previous.callId} has no outcome yet. Record what happened on its page (${link}), then place the next call.`,
      { type: OUTCOME_REQUIRED, call_id: previous.callId, link },
    )
  }
}
