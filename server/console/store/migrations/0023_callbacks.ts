// Migration 0023, callbacks: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // A time to call a callee back, asked from a call: its number, caller ID and metadata are copied from the
    // call so the callback stands on its own. owner_id null: everyone's. Open while done_at and cancelled_at are.
    await db.schema
      .createTable('callbacks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('call_id', 'text', (col) => col.notNull())
      .addColumn('number', 'text', (col) => col.notNull())
      .addColumn('caller_id', 'text', (col) => col.notNull())
      .addColumn('metadata', 'text', (col) => col.notNull())
      .addColumn('time_zones', 'text', (col) => col.notNull())
      .addColumn('due_at', 'bigint', (col) => col.notNull())
      .addColumn('owner_id', 'text', (col) => col.references('users.id'))
      .addColumn('created_by', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('done_at', 'bigint')
      .addColumn('done_by', 'text', (col) => col.references('users.id'))
      .addColumn('done_call_id', 'text')
      .addColumn('cancelled_at', 'bigint')
      .addColumn('cancelled_by', 'text', (col) => col.references('users.id'))
      .execute()
    // "Due now" and "Overdue" read the open ones by time.
    await db.schema
      .createIndex('callbacks_open_by_due')
      .on('callbacks')
      .columns(['done_at', 'cancelled_at', 'due_at'])
      .execute()
    await db.schema.createIndex('callbacks_by_call').on('callbacks').column('call_id').execute()
    // Who has been told a callback came due: one row per callback and person, whichever tab or instance asks first.
    await db.schema
      .createTable('callback_notices')
      .addColumn('callback_id', 'text', (col) => col.notNull().references('callbacks.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('callback_notices_pk', ['callback_id', 'user_id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('callback_notices').execute()
    await db.schema.dropTable('callbacks').execute()
  },
})
