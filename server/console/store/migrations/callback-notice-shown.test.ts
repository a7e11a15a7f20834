// Migration 0041 on a database an older release left: the notices it holds, and those an instance not yet upgraded
// writes during a rolling upgrade, count as shown, so no tab takes them over and nobody is told twice. Both stores
// (the PostgreSQL project runs it: it names onPostgres).
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateUpTo, newStoreLocation, withRawStore } from '../../test-support/store-at-migration'
import { onPostgres } from '../../test-support/test-store'

const NOTICE = { callback_id: 'cb_before', user_id: 'usr_1', at: 1_000, tab: 'tab-aaaaaaaa' }

/** The notices alone are what the migration changes: the callbacks and people they point to are left out. */
const withoutForeignKeys = () =>
  onPostgres() ? sql`set session_replication_role = replica` : sql`pragma foreign_keys = off`

describe('migration 0041, callback notices shown', () => {
  it('counts the notices written before it, and those written without it, as shown; new claims may be held', async () => {
    const location = await newStoreLocation()
    await migrateUpTo(location, '0040_callback_notice_tabs')
    // As the release before wrote a notice: no shown_at.
    await withRawStore(location, async (db) => {
      await withoutForeignKeys().execute(db)
      await sql`insert into callback_notices (callback_id, user_id, at, tab)
        values (${NOTICE.callback_id}, ${NOTICE.user_id}, ${NOTICE.at}, ${NOTICE.tab})`.execute(db)
    })
    await migrateUpTo(location, '0041_callback_notice_shown')
    const rows = await withRawStore(location, async (db) => {
      await withoutForeignKeys().execute(db)
      // An instance not yet upgraded, after the migration: it names no shown_at either.
      await sql`insert into callback_notices (callback_id, user_id, at, tab)
        values ('cb_during', 'usr_1', 2000, 'tab-bbbbbbbb')`.execute(db)
      // This release's held claim.
      await db
        .insertInto('callback_notices')
        .values({ callback_id: 'cb_after', user_id: 'usr_1', at: 3_000, tab: 'tab-cccccccc', shown_at: null })
        .execute()
      return db.selectFrom('callback_notices').select(['callback_id', 'shown_at']).orderBy('callback_id').execute()
    })
    expect(rows).toEqual([
      { callback_id: 'cb_after', shown_at: null },
      { callback_id: 'cb_before', shown_at: 0 },
      { callback_id: 'cb_during', shown_at: 0 },
    ])
  })
})
