// What an outcome saved for a list's call does to its contact (issue 51, "come back"): a kind that comes back
// (No answer, Busy) brings the contact back after the list's minutes, until its tries reach the list's most;
// any other outcome finishes it. The outcomes module calls this with every saved outcome or note (app.ts wires it).
import type { ConsoleStore } from '../store'

/** The agreed shape of the outcomes module's listeners. */
export interface WorkSavedEvent {
  callId: string
  kind: 'outcome' | 'note'
  outcomeId: string | null
  /** The user id of the person who saved it. */
  by: string
  at: number
}

/** An outcome kind as the outcomes module keeps it (its outcome_kinds table), or null for an unknown id. */
export type OutcomeKindOf = (
  id: string,
) =>
  | Promise<{ comes_back: boolean; asks_callback: boolean } | null>
  | { comes_back: boolean; asks_callback: boolean }
  | null

export function callListsOnWorkSaved(store: ConsoleStore, outcomeKind: OutcomeKindOf) {
  return async (event: WorkSavedEvent): Promise<void> => {
    if (event.kind !== 'outcome' || event.outcomeId === null) return
    const attempt = await store.callListContacts.attemptOf(event.callId)
    if (!attempt) return
    const kind = await outcomeKind(event.outcomeId)
    const comesBack = kind?.comes_back === true && attempt.tries < attempt.maxTries
    await store.callListContacts.outcomeSaved(
      event.callId,
      Number(attempt.contactId),
      event.outcomeId,
      comesBack ? event.at + attempt.comeBackMinutes * 60_000 : null,
    )
  }
}
