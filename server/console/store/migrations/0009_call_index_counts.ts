// Migration 0009, call index counts: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    // Every search answers the index's state: count(*) over a million calls took 45 ms a request, so
    // triggers keep both counts on the sync's row. needs_details is 0 or 1, so it adds as a number.
    for (const column of ['indexed_count', 'pending_details_count'])
      await db.schema
        .alterTable('call_index_sync')
        .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
        .execute()
    await sql`update call_index_sync set indexed_count = (select count(*) from indexed_calls),
        pending_details_count = (select count(*) from indexed_calls where needs_details = 1)`.execute(db)
    await store.migrations.createIndexCountTriggers(db)
  },
  async down(db: Kysely<unknown>) {
    await store.migrations.dropIndexCountTriggers(db)
    for (const column of ['indexed_count', 'pending_details_count'])
      await db.schema.alterTable('call_index_sync').dropColumn(column).execute()
  },
})
