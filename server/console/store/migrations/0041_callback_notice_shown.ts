// Migration 0041, callback notice shown: shipped, so never edited (the database records its name); add the next.
import { type Kysely, sql } from 'kysely'
import type { StoreMigration } from './store-migration'

// When the tab that won a callback's notice said it showed it. Until then the claim is held for a while only: a tab
// that closed between winning and showing would otherwise leave the notice told in no tab. Claims made before this
// migration were shown under the old rule: they count as shown at the time they were made.
export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('callback_notices').addColumn('shown_at', 'bigint').execute()
    await sql`update callback_notices set shown_at = at`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('callback_notices').dropColumn('shown_at').execute()
  },
})
