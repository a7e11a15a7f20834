// Calls placed through this console go on the board at once. The in-flight list finds new calls only
// every two poll intervals, so a call that failed sooner never showed, and its owner's other tabs
// missed its end.
import * as z from 'zod/mini'
import { API_PREFIX, createCallResponse } from '../../../src/api/contract/schemas'
import type { Logger } from '../http/request-log'
import type { Operation } from '../operations'
import type { LiveHub } from './live-hub'

// Only what the board shows: the rest of the answer is the SPA's business.
const placedCall = z.pick(createCallResponse, { call_id: true, caller_id: true, destination: true })

export function createPlacedCallNotifier(
  hub: LiveHub,
  ownersOf: (callIds: readonly string[]) => Promise<{ call_id: string; user_id: string; email: string }[]>,
  logger: Logger,
) {
  /** After the audit has recorded the call's owner, which the board shows from the first event. */
  return async function notePlacedCall(operation: Operation, response: Response): Promise<void> {
    if (operation.method !== 'POST' || operation.route !== `${API_PREFIX}/calls` || !response.ok) return
    try {
      const placed = placedCall.safeParse(await response.clone().json())
      if (!placed.success) return
      const { call_id, caller_id, destination } = placed.data
      // A replayed Idempotency-Key answers with the call of whoever placed it first: the store knows who.
      const [owner] = await ownersOf([call_id])
      hub.notePlaced(call_id, {
        placedBy: owner ? { userId: owner.user_id, email: owner.email } : null,
        callerId: caller_id ?? null,
        destination: destination ?? null,
      })
    } catch (error) {
      // The call is placed: missing from the board for a moment must not turn its answer into an error.
      logger.error({ msg: 'could not put a placed call on the board', error: String(error) })
    }
  }
}
