// What the console knows of one call for an integration's event: the call index's row (numbers, status,
// duration, billed minutes, metadata) and who placed it through this console. Either may be missing.
import type { ConsoleDb } from './database'

export interface IntegrationCallFacts {
  callId: string
  callerId: string | null
  destination: string | null
  status: string | null
  durationSeconds: number | null
  billedMinutes: number | null
  metadata: Record<string, unknown> | null
  placedBy: string | null
}

const num = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value))

export function createIntegrationCallFactQueries(db: ConsoleDb) {
  return {
    of: async (callId: string): Promise<IntegrationCallFacts> => {
      const [call, owner] = await Promise.all([
        db
          .selectFrom('indexed_calls')
          .select(['caller_id', 'destination', 'status', 'duration_seconds', 'billed_minutes', 'metadata'])
          .where('call_id', '=', callId)
          .executeTakeFirst(),
        db
          .selectFrom('call_owners')
          .innerJoin('users', 'users.id', 'call_owners.user_id')
          .select('users.email')
          .where('call_owners.call_id', '=', callId)
          .executeTakeFirst(),
      ])
      return {
        callId,
        // The index keeps '' for a number the service did not give.
        callerId: call?.caller_id || null,
        destination: call?.destination || null,
        status: call?.status ?? null,
        durationSeconds: num(call?.duration_seconds ?? null),
        billedMinutes: num(call?.billed_minutes ?? null),
        metadata: call?.metadata ? (JSON.parse(call.metadata) as Record<string, unknown>) : null,
        placedBy: owner?.email ?? null,
      }
    },
  }
}
