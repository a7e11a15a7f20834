// Migration 0039, person change notices: shipped, so never edited (the database records its name); add the next.
import type { Kysely } from 'kysely'
import { narrowPersonChangeTrigger, widenPersonChangeTrigger } from '../postgres/person-change-trigger'
import type { StoreMigration } from './store-migration'

// Issue 54: a sign-in (last_sign_in_at) no longer tells every instance to forget the sessions it keeps; a change of
// role, activation, email or time zone still does (store/postgres/person-change-trigger.ts). Nothing on SQLite.
export const migration: StoreMigration = (store) => ({
  async up(db: Kysely<unknown>) {
    if (store.kind === 'postgres') await narrowPersonChangeTrigger(db)
  },
  async down(db: Kysely<unknown>) {
    if (store.kind === 'postgres') await widenPersonChangeTrigger(db)
  },
})
