// Migration 0026, do not call: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 52: numbers never to be called, keyed by the E.164 number so that a placement's check is one probe.
    await db.schema
      .createTable('do_not_call')
      .addColumn('phone_number', 'text', (col) => col.primaryKey())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('added_by_id', 'text')
      .addColumn('added_by_email', 'text', (col) => col.notNull())
      .addColumn('added_at', 'bigint', (col) => col.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('do_not_call').execute()
  },
})
