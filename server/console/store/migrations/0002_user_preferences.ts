// Migration 0002, user preferences: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('time_zone', 'text', (col) => col.notNull().defaultTo('browser'))
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('time_zone').execute()
  },
})
