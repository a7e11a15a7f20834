// A call placed through this console is in the index from its create response, metadata and all:
// searchable at once, before any list or detail request (it costs the upstream nothing).
import { API_PREFIX, createCallResponse } from '../../../../src/api/contract/schemas'
import type { Logger } from '../../http/request-log'
import type { Operation } from '../../operations'
import type { ConsoleStore } from '../../store'

export function createPlacedCallIndexer(store: ConsoleStore, logger: Logger) {
  return async function indexPlacedCall(operation: Operation, response: Response): Promise<void> {
    if (operation.method !== 'POST' || operation.route !== `${API_PREFIX}/calls` || !response.ok) return
    try {
      const placed = createCallResponse.safeParse(await response.clone().json())
      if (placed.success) await store.callIndex.upsertPlaced(placed.data)
    } catch (error) {
      // The call is placed; the sync finds it at its next pass.
      logger.error({ msg: 'could not index a placed call', error: String(error) })
    }
  }
}
