// The caller ID of the account's newest call to a number, from the call index: one seek of
// indexed_calls_by_destination (migration 0024), whatever the index holds. Run on the readers like caller-ID health.
import type { ConsoleDb } from './database'

export interface LastCallerId {
  call_id: string
  caller_id: string
  created_at: number
}

export function createLastCallerIdQueries(db: ConsoleDb) {
  return {
    /** Undefined when no call to `destination` carries a caller ID. */
    lastUsedFor: (destination: string): Promise<LastCallerId | undefined> =>
      db
        .selectFrom('indexed_calls')
        .select(['call_id', 'caller_id', 'created_at'])
        .where('destination', '=', destination)
        // A call the service gave no caller ID has none to suggest.
        .where('caller_id', '!=', '')
        .orderBy('created_at', 'desc')
        .orderBy('call_id', 'desc')
        .limit(1)
        .executeTakeFirst(),
  }
}
