// Migration 0038, session change notices: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import { createSessionChangeTriggers, dropSessionChangeTriggers } from '../postgres/session-change-triggers'
import type { StoreMigration } from './store-migration'

// Issue 54: every instance keeps the sessions it found in memory and forgets them at a notice from PostgreSQL
// (store/postgres/session-change-triggers.ts). SQLite tells other connections' writes by its data_version.
export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    if (store.kind === 'postgres') await createSessionChangeTriggers(db)
  },
  async down(db: Kysely<unknown>) {
    if (store.kind === 'postgres') await dropSessionChangeTriggers(db)
  },
})
