// Migration 0041, callback notice shown: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

// When the tab that won a callback's notice said it showed it. A tab that asks to hold its claim (the console's own
// page since this migration) writes null until it says so, and its claim is then held for a while only: a tab that
// closed between winning and showing would otherwise leave the notice told in no tab. The default, 0, is "shown, time
// unknown": the claims made before this migration, and those an instance not yet upgraded writes during a rolling
// upgrade, keep the old rule (never given to another tab).
export const migration: StoreMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('callback_notices')
      .addColumn('shown_at', 'bigint', (column) => column.defaultTo(0))
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('callback_notices').dropColumn('shown_at').execute()
  },
})
