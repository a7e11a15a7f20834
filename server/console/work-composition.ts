// What follows a call, put together (issue 51): the outcomes module tells the integrations and the call lists of
// every saved outcome and note, and the integrations read a call's work from the outcomes' tables at send time.
// Features never import each other; this file, like app.ts and server.ts, composes them.
import type { CallWork } from '../../src/api/contract/integration-schemas'
import { callListsOnWorkSaved } from './call-lists/work-saved'
import type { WorkSavedListener } from './calls/work/work-saved'
import type { IntegrationDelivery } from './integrations/integration-delivery'
import type { ConsoleStore } from './store'

const iso = (ms: number) => new Date(ms).toISOString()

/** A call's outcome and note as an integration's event carries them, read when each attempt is sent. */
export function readCallWork(store: ConsoleStore) {
  return async (callId: string): Promise<CallWork> => {
    const [outcome, note] = await Promise.all([store.callWork.outcomeOf(callId), store.callWork.noteOf(callId)])
    return {
      outcome: outcome
        ? {
            id: outcome.kindId,
            label: outcome.label,
            recorded_by: outcome.recordedBy,
            recorded_at: iso(outcome.recordedAt),
          }
        : null,
      note: note ? { text: note.text, author: note.authorId, updated_at: iso(note.updatedAt) } : null,
    }
  }
}

/** Everyone told of a saved outcome or note: the integrations' events and the call lists' come-back schedule. */
export function workSavedListeners(store: ConsoleStore, integrations: IntegrationDelivery): WorkSavedListener[] {
  return [
    (event) => integrations.integrationsOnWorkSaved(event),
    callListsOnWorkSaved(store, (id) => store.callWork.kind(id)),
  ]
}
