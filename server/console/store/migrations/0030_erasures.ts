// Migration 0030, erasures: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 52, item 5: each erasure request, with what it erased, and the number only as a keyed hash (a copy of
    // the database cannot tell whose number was erased; the console can tell a repeated request).
    await db.schema
      .createTable('erasures')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('by_user_id', 'text')
      .addColumn('by_email', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('counts', 'text', (col) => col.notNull())
      .addColumn('number_hash', 'text', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('erasures_newest').on('erasures').columns(['at', 'id']).execute()
    // A call whose number or metadata an erasure rewrote: the detail fetched again later never writes them back.
    await db.schema.alterTable('indexed_calls').addColumn('erased_at', 'bigint').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('indexed_calls').dropColumn('erased_at').execute()
    await db.schema.dropTable('erasures').execute()
  },
})
