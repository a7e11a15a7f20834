// Migration 0007, saved views: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // A person's named filters of the calls page; shared ones are listed for everyone.
    await db.schema
      .createTable('saved_views')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('search', 'text', (col) => col.notNull())
      .addColumn('shared', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('pinned', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('saved_views_by_owner').on('saved_views').column('owner_id').execute()
    await db.schema.createIndex('saved_views_shared').on('saved_views').column('shared').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('saved_views').execute()
  },
})
