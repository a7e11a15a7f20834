// Migration 0019, saved view request key: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // The Idempotency-Key a view was saved with: a save sent twice (a retry, a resent request) keeps one view.
    // Unique per person; views saved before this column, or without a key, hold null, which never collides.
    await db.schema.alterTable('saved_views').addColumn('request_key', 'text').execute()
    await db.schema
      .createIndex('saved_views_by_request_key')
      .unique()
      .on('saved_views')
      .columns(['owner_id', 'request_key'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('saved_views_by_request_key').execute()
    await db.schema.alterTable('saved_views').dropColumn('request_key').execute()
  },
})
