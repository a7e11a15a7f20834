// 0025: notes saved before a plain term searched them get their lower-cased words, in their own column and in the
// trigram table after the call's metadata values, so search finds them as it finds a note saved after.
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { expect, it } from 'vitest'
import { createCallSearchQueries } from './call-search'
import { migrationProviderFor } from './migrations'
import type { ConsoleDatabase } from './schema'
import { sqliteAdapter } from './sqlite/adapter'

it('gives notes saved before 0025 their words in search', async () => {
  const sqlite = new BetterSqlite3(':memory:')
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) })
  const migrator = new Migrator({ db, provider: migrationProviderFor(sqliteAdapter) })
  await migrator.migrateTo('0024_calls_by_destination')
  for (const [id, callId, metadata] of [
    [1, 'call_noted', 't-1'],
    [2, 'call_plain', 'refund desk'],
  ] as const) {
    await sql`insert into indexed_calls (id, call_id, status, caller_id, destination, caller_digits,
      destination_digits, created_at, metadata) values (${id}, ${callId}, 'DIALER_COMPLETED', '+1', '+2', '1', '2',
      ${id}, ${JSON.stringify({ ticket: metadata })})`.execute(db)
    await sql`insert into indexed_call_metadata (call_row, key, key_lower, value_lower)
      values (${id}, 'ticket', 'ticket', ${metadata})`.execute(db)
    await sql`insert into indexed_call_text (rowid, numbers, metadata) values (${id}, '1 2', ${metadata})`.execute(db)
  }
  await sql`insert into call_notes (call_id, text, author_id, created_at, updated_by, updated_at, version)
    values ('call_noted', 'Wants a REFUND of Émile''s order', 'u1', 0, 'u1', 0, 1)`.execute(db)
  expect((await migrator.migrateToLatest()).error).toBeUndefined()

  const search = createCallSearchQueries(db as Kysely<ConsoleDatabase>, sqliteAdapter)
  const ids = async (text: string) =>
    (await search.page({ numbers: [], texts: [{ text, key: null }] }, null, 10)).map((row) => row.call_id)
  expect(await ids('refund')).toEqual(['call_plain', 'call_noted'])
  expect(await ids('émile')).toEqual(['call_noted'])
  expect(await ids('t-1')).toEqual(['call_noted'])
  await db.destroy()
})
