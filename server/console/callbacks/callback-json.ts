// A stored callback as the contract answers it.
import { LIST_METADATA_KEYS } from '../../../src/api/contract/call-list-schemas'
import { CALLBACK_METADATA_KEY, type Callback } from '../../../src/api/contract/callback-schemas'
import type { CallbackRow } from '../store/callbacks'

/**
 * The console's own marks on a call (the list and contact it was placed for, the callback it closed): not facts of
 * the callee to show beside the callback, nor to carry into the call placed back, which is no list's try.
 */
const CONSOLE_MARKS = new Set<string>([LIST_METADATA_KEYS.list, LIST_METADATA_KEYS.contact, CALLBACK_METADATA_KEY])

const iso = (ms: number) => new Date(ms).toISOString()
const person = (who: { userId: string; email: string }) => ({ user_id: who.userId, email: who.email })

export function callbackOf(row: CallbackRow): Callback {
  return {
    id: row.id,
    call_id: row.callId,
    number: row.number,
    caller_id: row.callerId,
    metadata: Object.fromEntries(Object.entries(row.metadata).filter(([key]) => !CONSOLE_MARKS.has(key))),
    due_at: iso(row.dueAt),
    owner: row.owner && person(row.owner),
    created_by: person(row.createdBy),
    created_at: iso(row.createdAt),
    done_at: row.done ? iso(row.done.at) : null,
    done_by: row.done ? person(row.done) : null,
    done_call_id: row.done?.callId ?? null,
    cancelled_at: row.cancelledAt === null ? null : iso(row.cancelledAt),
    time_zones: row.timeZones,
  }
}
