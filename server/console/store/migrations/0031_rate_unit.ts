// Migration 0031, rate unit: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // Issue 53, item 2: what rate_per_minute_dc counts (the spec does not say), stated once by an admin. One row,
    // so every instance reads the same.
    await db.schema
      .createTable('usage_rate_unit')
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn('divisor', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('set_by_id', 'text')
      .addColumn('set_by_email', 'text', (col) => col.notNull())
      .addColumn('set_at', 'bigint', (col) => col.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('usage_rate_unit').execute()
  },
})
