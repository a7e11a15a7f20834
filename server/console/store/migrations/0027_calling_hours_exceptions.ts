// Migration 0027, calling hours exceptions: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // An admin's one call allowed outside the callee's calling hours (issue 52, item 2): used once, before it expires.
    await db.schema
      .createTable('calling_hours_exceptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('phone_number', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('allowed_by', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('allowed_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('used_by', 'text')
      .execute()
    await db.schema
      .createIndex('calling_hours_exceptions_by_number')
      .on('calling_hours_exceptions')
      .columns(['phone_number', 'expires_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('calling_hours_exceptions').execute()
  },
})
