// Migration 0037, live notices: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import type { StoreMigration } from './store-migration'

export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    // Issue 54, item 3: on PostgreSQL, writes to the live tables tell the other instances at once (LISTEN/NOTIFY,
    // store/notices.ts); nothing on SQLite.
    await store.migrations.createLiveNoticeTriggers(db)
  },
  async down(db: Kysely<unknown>) {
    await store.migrations.dropLiveNoticeTriggers(db)
  },
})
