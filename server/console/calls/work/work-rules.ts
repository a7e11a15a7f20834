// Who may change a call's outcome and note (issue 51), pure: the placer records both, the note's author may change
// it for 24 hours, and managers and admins (calls:work-any) may change anyone's at any time.
import { NOTE_EDITABLE_MS } from '../../../../src/api/contract/call-work-schemas'
import type { Role } from '../../../../src/api/contract/console-schemas'
import { can } from '../../roles'

export interface Asker {
  userId: string
  role: Role
}

/** Null: it may; otherwise the sentence that says why not. */
type Refusal = string | null

export function outcomeRefusal(asker: Asker, placerId: string | null): Refusal {
  if (can(asker.role, 'calls:work-any')) return null
  if (!can(asker.role, 'calls:work')) return 'Your role does not record outcomes. Ask a manager if this needs one.'
  if (placerId !== asker.userId)
    return 'Only the person who placed this call, a manager or an admin can record its outcome.'
  return null
}

export function noteRefusal(
  asker: Asker,
  placerId: string | null,
  note: { authorId: string; createdAt: number } | null,
  now: number,
): Refusal {
  if (can(asker.role, 'calls:work-any')) return null
  const first = outcomeRefusal(asker, placerId)
  if (first) return first.replace('record its outcome', 'write its note').replace('record outcomes', 'write notes')
  if (note && note.authorId !== asker.userId)
    return 'Someone else wrote this note. A manager or an admin can change it.'
  if (note && now > note.createdAt + NOTE_EDITABLE_MS)
    return 'Its author may change a note for 24 hours after writing it. A manager or an admin can change it now.'
  return null
}

/** When its author can no longer change a note. */
export const editableUntil = (createdAt: number) => createdAt + NOTE_EDITABLE_MS
