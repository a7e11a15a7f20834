// The outcomes module's news (issue 51's agreed shape, written out here: features never import each other), and
// what integrations read of a call's work at send time. The lead wires both at composition.
import type { CallWork } from '../../../src/api/contract/integration-schemas'

/** What the outcomes module tells its listeners when an outcome or a note is saved. */
export interface WorkSavedEvent {
  callId: string
  kind: 'outcome' | 'note'
  outcomeId: string | null
  /** The id of the person who saved it. */
  by: string
  at: number
}

/** A call's outcome and note as the outcomes tables hold them now; null (or nulls) when there are none. */
export type ReadWork = (callId: string) => Promise<CallWork | null> | CallWork | null

/** Until the outcomes tables are wired in, a call has no recorded work. */
export const noWork: ReadWork = () => null
