// A stored callback as the contract answers it.
import type { Callback } from '../../../src/api/contract/callback-schemas'
import type { CallbackRow } from '../store/callbacks'

const iso = (ms: number) => new Date(ms).toISOString()
const person = (who: { userId: string; email: string }) => ({ user_id: who.userId, email: who.email })

export function callbackOf(row: CallbackRow): Callback {
  return {
    id: row.id,
    call_id: row.callId,
    number: row.number,
    caller_id: row.callerId,
    metadata: row.metadata,
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
