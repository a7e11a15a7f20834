// A call placed from a "Call back" link carries the callback's id in its metadata (CALLBACK_METADATA_KEY): once
// the voice service has placed it, the callback is done. On the server, so a reload, another tab or another
// instance cannot leave it open.
import type { Context } from 'hono'
import { CALLBACK_METADATA_KEY } from '../../../src/api/contract/callback-schemas'
import { API_PREFIX, createCallResponse } from '../../../src/api/contract/schemas'
import type { AuditLog } from '../audit/audit-log'
import type { SessionEnv } from '../auth/require-session'
import type { Logger } from '../http/request-log'
import type { Operation } from '../operations'
import type { ConsoleStore } from '../store'
import { mayWork, recordCallback } from './routes'

export function createPlacedCallbackCloser(store: ConsoleStore, audit: AuditLog, logger: Logger, now: () => number) {
  return async function closePlacedCallback(
    c: Context<SessionEnv>,
    operation: Operation,
    response: Response,
  ): Promise<void> {
    if (operation.method !== 'POST' || operation.route !== `${API_PREFIX}/calls` || !response.ok) return
    try {
      const placed = createCallResponse.safeParse(await response.clone().json())
      const id = placed.success ? placed.data.metadata?.[CALLBACK_METADATA_KEY] : undefined
      if (typeof id !== 'string' || !placed.success) return
      const row = await store.callbacks.find(id)
      // Someone else's callback named in a call's metadata stays theirs; a done one stays as it was done.
      if (!row || !mayWork(c.get('session'), row)) return
      if (!(await store.callbacks.markDone(row.id, c.get('session').userId, placed.data.call_id, now()))) return
      const done = (await store.callbacks.find(row.id)) ?? row
      await recordCallback(audit, c, 'callback.done', done, response.status, {
        via: 'call',
        callId: placed.data.call_id,
      })
    } catch (error) {
      // The call is placed; the callback can still be marked done on the Callbacks page.
      logger.error({ msg: 'could not close the callback of a placed call', error: String(error) })
    }
  }
}
