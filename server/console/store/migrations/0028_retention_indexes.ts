// Migration 0028, retention indexes: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 52, item 4: the daily prune finds each batch of old rows by an index, not by reading the whole table.
    await db.schema.createIndex('call_notes_by_change').on('call_notes').column('updated_at').execute()
    await db.schema.createIndex('call_outcomes_by_change').on('call_outcomes').column('updated_at').execute()
    await db.schema.createIndex('call_owners_by_time').on('call_owners').column('placed_at').execute()
  },
  async down(db: Kysely<unknown>) {
    for (const index of ['call_notes_by_change', 'call_outcomes_by_change', 'call_owners_by_time'])
      await db.schema.dropIndex(index).execute()
  },
})
