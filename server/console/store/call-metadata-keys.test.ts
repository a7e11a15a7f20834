// The metadata keys an export gives columns to: spelt as the API spells them, of the selected calls only,
// and "too many" past the cap; rows indexed before the key was kept get their spelling from the migration.
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { indexCalls } from '../test-support/indexed-calls'
import { openTestStore } from '../test-support/test-store'
import { migrationProviderFor } from './migrations'
import { sqliteAdapter } from './sqlite/adapter'

const noFilter = { numbers: [], texts: [] }

describe('the metadata keys of a selection', () => {
  it('lists the keys as spelt, sorted, of the selected calls only', async () => {
    const store = await openTestStore()
    await indexCalls(store, [
      { call_id: 'call_1', created_at: '2026-11-20T10:00:00Z', metadata: { orderId: 'A-1', Agent: 'maria' } },
      { call_id: 'call_2', created_at: '2026-11-20T11:00:00Z', metadata: { ticket: 'T-1', note: null } },
      { call_id: 'call_3', created_at: '2026-11-20T12:00:00Z', status: 'DIALER_FAILED', metadata: { vip: true } },
      { call_id: 'call_4', created_at: '2026-11-20T13:00:00Z', metadata: null },
    ])
    expect(await store.callSearch.metadataKeys(noFilter, 50)).toEqual(['Agent', 'orderId', 'ticket', 'vip'])
    // `note` is null in its one call: no row, no key (its cells would all be empty).
    const completed = { ...noFilter, status: 'DIALER_COMPLETED' }
    expect(await store.callSearch.metadataKeys(completed, 50)).toEqual(['Agent', 'orderId', 'ticket'])
    expect(await store.callSearch.metadataKeys({ ...noFilter, texts: [{ text: 'mar', key: null }] }, 50)).toEqual([
      'Agent',
      'orderId',
    ])
    expect(await store.callSearch.metadataKeys({ ...noFilter, status: 'DIALER_RINGING' }, 50)).toEqual([])
    // Bounded to the rows there were: call_4 and later rows are not in.
    const firstTwo = { ...noFilter, rowsThrough: 2, status: 'DIALER_COMPLETED' }
    expect(await store.callSearch.metadataKeys(firstTwo, 50)).toEqual(['Agent', 'orderId', 'ticket'])
    await store.close()
  })

  it('stops at cap + 1 keys: more than the cap is all the export needs to know', async () => {
    const store = await openTestStore()
    const metadata = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`key${i}`, i]))
    await indexCalls(store, [{ call_id: 'call_1', created_at: '2026-11-20T10:00:00Z', metadata }])
    expect(await store.callSearch.metadataKeys(noFilter, 5)).toHaveLength(6)
    expect(await store.callSearch.metadataKeys({ ...noFilter, callerId: '+14155550100' }, 5)).toHaveLength(6)
    expect(await store.callSearch.metadataKeys(noFilter, 12)).toHaveLength(12)
    await store.close()
  })

  it('gives rows indexed before 0008 the spelling of their call’s metadata', async () => {
    const sqlite = new BetterSqlite3(':memory:')
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) })
    const migrator = new Migrator({ db, provider: migrationProviderFor(sqliteAdapter) })
    await migrator.migrateTo('0007_saved_views')
    await sql`insert into indexed_calls (id, call_id, status, caller_id, destination, caller_digits,
      destination_digits, created_at, metadata) values (1, 'call_1', 'DIALER_COMPLETED', '+1', '+2', '1', '2', 0,
      ${JSON.stringify({ orderId: 'A-1', ticket: 'T-1' })})`.execute(db)
    await sql`insert into indexed_call_metadata (call_row, key_lower, value_lower)
      values (1, 'orderid', 'a-1'), (1, 'ticket', 't-1')`.execute(db)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const { rows } = await sql<{ key: string }>`select key from indexed_call_metadata order by key`.execute(db)
    expect(rows.map((row) => row.key)).toEqual(['orderId', 'ticket'])
    await db.destroy()
  })
})
