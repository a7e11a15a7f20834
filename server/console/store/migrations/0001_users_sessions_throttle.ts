// Migration 0001, users sessions throttle: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('sessions_by_user').on('sessions').column('user_id').execute()
    await db.schema
      .createTable('sign_in_throttle')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('window_started_at', 'bigint', (col) => col.notNull())
      .addColumn('locked_until', 'bigint')
      .execute()
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['sign_in_throttle', 'sessions', 'users']) await sql`drop table ${sql.table(table)}`.execute(db)
  },
})
