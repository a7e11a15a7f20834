// The retention prune's deletes (retention/): rows older than their window go in batches, each batch its own short
// transaction, so nobody's save or search waits behind one long lock. Each delete checks the time again, so a row
// changed between the batch's choice and its delete stays.
import { sql } from 'kysely'
import type { StoreAdapter } from './adapter'
import { noteSearchTextChanged } from './call-index'
import type { ConsoleDb } from './database'

/** Rows one batch deletes at most: milliseconds of work on either store. */
export const PRUNE_BATCH = 500
/**
 * Notes a batch deletes at most: fewer, since each batch holds the store's serial lock (the notes' and the audit
 * trail's, across instances) while it rewrites each note's call's search row, a few hundred milliseconds at most.
 */
export const NOTES_BATCH = 100

export function createRetentionQueries(db: ConsoleDb, adapter: StoreAdapter) {
  return {
    /**
     * One batch of call index rows placed before `before`, with their search rows (the metadata rows go with them,
     * by their foreign key; the trigram table's row is deleted here). Answers how many calls went.
     */
    pruneIndexedCalls: (before: number, batch = PRUNE_BATCH): Promise<number> =>
      db.transaction().execute(async (tx) => {
        const rows = await tx
          .selectFrom('indexed_calls')
          .select('id')
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(batch)
          .execute()
        if (rows.length === 0) return 0
        const ids = rows.map((row) => row.id)
        await sql`delete from indexed_call_text where rowid in (${sql.join(ids)})`.execute(tx)
        const deleted = await tx.deleteFrom('indexed_calls').where('id', 'in', ids).executeTakeFirst()
        return Number(deleted.numDeletedRows)
      }),
    /** One batch of the console's record of who placed a call, for calls placed before `before`. */
    pruneCallOwners: async (before: number, batch = PRUNE_BATCH): Promise<number> => {
      const deleted = await db
        .deleteFrom('call_owners')
        .where('call_id', 'in', (eb) =>
          eb.selectFrom('call_owners').select('call_id').where('placed_at', '<', before).limit(batch),
        )
        .where('placed_at', '<', before)
        .executeTakeFirst()
      return Number(deleted.numDeletedRows)
    },
    /**
     * One batch of notes last changed before `before`, with every version, and their words taken out of search.
     * In the notes' serial transaction, as a save is: a save at the same moment comes before or after, never between.
     */
    pruneNotes: (before: number, batch = NOTES_BATCH): Promise<number> =>
      adapter.serialTransaction(db, async (tx) => {
        const rows = await tx
          .deleteFrom('call_notes')
          .where('call_id', 'in', (eb) =>
            eb.selectFrom('call_notes').select('call_id').where('updated_at', '<', before).limit(batch),
          )
          .where('updated_at', '<', before)
          .returning('call_id')
          .execute()
        if (rows.length === 0) return 0
        const callIds = rows.map((row) => row.call_id)
        await tx.deleteFrom('call_note_versions').where('call_id', 'in', callIds).execute()
        for (const callId of callIds) await noteSearchTextChanged(tx, callId)
        return rows.length
      }),
    /** One batch of outcomes last changed before `before`. */
    pruneOutcomes: async (before: number, batch = PRUNE_BATCH): Promise<number> => {
      const deleted = await db
        .deleteFrom('call_outcomes')
        .where('call_id', 'in', (eb) =>
          eb.selectFrom('call_outcomes').select('call_id').where('updated_at', '<', before).limit(batch),
        )
        .where('updated_at', '<', before)
        .executeTakeFirst()
      return Number(deleted.numDeletedRows)
    },
    /** One batch of call scores (issue 53) last changed before `before`: their comments are about the call. */
    pruneScores: async (before: number, batch = PRUNE_BATCH): Promise<number> => {
      const deleted = await db
        .deleteFrom('call_scores')
        .where('id', 'in', (eb) =>
          eb.selectFrom('call_scores').select('id').where('updated_at', '<', before).limit(batch),
        )
        .where('updated_at', '<', before)
        .executeTakeFirst()
      return Number(deleted.numDeletedRows)
    },
    /**
     * When the console knows a call was placed: its index row's time, else its own record of placing it (a call
     * placed here a moment ago, before the index listed it); null when it knows neither.
     */
    placedAt: async (callId: string): Promise<number | null> => {
      const indexed = await db
        .selectFrom('indexed_calls')
        .select('created_at')
        .where('call_id', '=', callId)
        .executeTakeFirst()
      if (indexed) return Number(indexed.created_at)
      const owned = await db
        .selectFrom('call_owners')
        .select('placed_at')
        .where('call_id', '=', callId)
        .executeTakeFirst()
      return owned ? Number(owned.placed_at) : null
    },
  }
}
