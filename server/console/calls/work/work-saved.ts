// What the outcomes module tells the parts composed with it (integrations, call lists) after a save, without
// either importing the other: app.ts hands it their listeners. A listener's failure is logged, never the saver's.
import type { Logger } from '../../http/request-log'

export interface WorkSavedEvent {
  callId: string
  kind: 'outcome' | 'note'
  /** The call's outcome after the save (a note's save names the outcome the call has, or null). */
  outcomeId: string | null
  /** The user id of the person who saved. */
  by: string
  at: number
}

export type WorkSavedListener = (event: WorkSavedEvent) => void | Promise<void>

export function notifyWorkSaved(listeners: readonly WorkSavedListener[], logger: Logger) {
  return async (event: WorkSavedEvent) => {
    for (const listener of listeners) {
      try {
        await listener(event)
      } catch (error) {
        logger.error({
          msg: 'a listener of saved outcomes and notes failed',
          callId: event.callId,
          error: String(error),
        })
      }
    }
  }
}
