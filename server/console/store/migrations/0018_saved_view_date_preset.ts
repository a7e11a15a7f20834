// Migration 0018, saved view date preset: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    // A relative range ("last-7-days"), resolved each time the view is opened; null keeps the view's own dates,
    // as every view saved before this column did.
    await db.schema.alterTable('saved_views').addColumn('date_preset', 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('saved_views').dropColumn('date_preset').execute()
  },
})
