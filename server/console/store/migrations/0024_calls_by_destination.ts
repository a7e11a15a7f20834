// Migration 0024, calls by destination: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // New call's "last used for this number" (store/last-caller-id.ts): one seek, not a pass over the calls.
    await db.schema
      .createIndex('indexed_calls_by_destination')
      .on('indexed_calls')
      .columns(['destination', 'created_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('indexed_calls_by_destination').execute()
  },
})
