// Migration 0004, user invites: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // One live invite per email: inviting again replaces the row, and with it the link.
    await db.schema
      .createTable('user_invites')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('invited_by', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_invites').execute()
  },
})
