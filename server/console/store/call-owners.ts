// call_id -> the person who placed it, recorded from each create response.
import type { ConsoleDb } from './database'

export function createCallOwnerQueries(db: ConsoleDb) {
  return {
    /** False when the call already had an owner: the upstream answered a replayed Idempotency-Key. */
    record: async (callId: string, userId: string, at: number): Promise<boolean> => {
      const result = await db
        .insertInto('call_owners')
        .values({ call_id: callId, user_id: userId, placed_at: at })
        .onConflict((oc) => oc.column('call_id').doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },
    /** Everyone who placed a call through this console, by email. */
    placers: () =>
      db
        .selectFrom('users')
        .select(['users.id as userId', 'users.email'])
        .where((eb) =>
          eb.exists(
            eb.selectFrom('call_owners').select('call_owners.call_id').whereRef('call_owners.user_id', '=', 'users.id'),
          ),
        )
        .orderBy('users.email')
        .execute(),
    /** The owners of those of `callIds` this console placed, with their current email. */
    ownersOf: (callIds: readonly string[]) =>
      callIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('call_owners')
            .innerJoin('users', 'users.id', 'call_owners.user_id')
            .select(['call_owners.call_id', 'users.id as user_id', 'users.email'])
            .where('call_owners.call_id', 'in', callIds)
            .execute(),
  }
}
