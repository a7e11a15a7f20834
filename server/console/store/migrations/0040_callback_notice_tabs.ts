// Migration 0040, callback notice tabs: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

// Which tab won a callback's notice, so that the same tab asking again (its answer lost on the way, or cut off by
// its own time limit) hears `first` again instead of nobody being told. Null for a claim of an older tab.
export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('callback_notices').addColumn('tab', 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('callback_notices').dropColumn('tab').execute()
  },
})
