// The search bench's seeded store (seeded-store.ts, a SQLite file) copied row for row into a PostgreSQL
// database the console's own migrations made, so both stores hold the same calls with the same ids and the
// comparison is fair. Fast enough for a million calls: the rows go in as one `insert … select from unnest()`
// of 20,000 rows a statement (one round trip, one plan), with the tables' secondary indexes dropped during
// the load and built again afterwards from their own definitions (a GIN trigram index built once is much
// faster than one grown row by row), triggers off (the count trigger would update one row a million
// times; the copied counts are written at the end), then VACUUM ANALYZE as autovacuum would leave it.
import Database from 'better-sqlite3'
import pg from 'pg'
import { openStore } from '../../server/console/store'

// Parents first: call_owners and the metadata name rows of the tables before them.
const TABLES = ['users', 'indexed_calls', 'indexed_call_metadata', 'indexed_call_text', 'call_owners'] as const
const BATCH = 20_000

interface Column {
  name: string
  /** PostgreSQL's element type name (int8, text, bool, …), for the unnest's array casts. */
  udt: string
}

/** A SQLite 0/1 flag where PostgreSQL has a boolean; anything else as it is. */
const toPostgres = (value: unknown, column: Column) =>
  column.udt === 'bool' && typeof value === 'number' ? value !== 0 : value

export async function copySeededStoreToPostgres(
  sqlitePath: string,
  url: string,
  log: (line: string) => void,
): Promise<void> {
  // The console's migrations, as a console starting on an empty database runs them.
  await (await openStore(url)).close()
  const sqlite = new Database(sqlitePath, { readonly: true, fileMustExist: true })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0)
  try {
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = any($1)
          and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
      [TABLES],
    )
    for (const { name } of indexes) await client.query(`drop index ${pg.escapeIdentifier(name)}`)
    // Triggers and foreign-key checks off for this session only (a superuser's switch on a bench cluster).
    await client.query(`set session_replication_role = replica`)
    for (const table of TABLES) {
      const columns = await columnsOf(client, sqlite, table)
      const names = columns.map((column) => pg.escapeIdentifier(column.name)).join(', ')
      const arrays = columns.map((column, index) => `$${index + 1}::${column.udt}[]`).join(', ')
      const insert = `insert into ${table} (${names}) select * from unnest(${arrays})`
      // The FTS5 table's row id is its hidden rowid; every other table is read in its insertion order too.
      const select = `select ${columns.map((column) => `"${column.name}"`).join(', ')} from ${table} order by rowid`
      let batch: unknown[][] = columns.map(() => [])
      let copied = 0
      const flush = async () => {
        if ((batch[0]?.length ?? 0) === 0) return
        await client.query(insert, batch)
        copied += batch[0]?.length ?? 0
        batch = columns.map(() => [])
        if (copied % 500_000 === 0) log(`  ${table}: ${copied.toLocaleString('en-US')} rows, ${seconds()} s`)
      }
      await client.query('begin')
      for (const row of sqlite.prepare(select).raw().iterate() as Iterable<unknown[]>) {
        row.forEach((value, index) => {
          const column = columns[index] as Column
          batch[index]?.push(toPostgres(value, column))
        })
        if ((batch[0]?.length ?? 0) >= BATCH) await flush()
      }
      await flush()
      await client.query('commit')
      log(`  ${table}: ${copied.toLocaleString('en-US')} rows copied, ${seconds()} s`)
    }
    const sync = sqlite.prepare('select * from call_index_sync where id = 1').get() as Record<string, unknown>
    const syncColumns = Object.keys(sync).filter((name) => name !== 'id')
    await client.query(
      `update call_index_sync set ${syncColumns.map((name, index) => `${pg.escapeIdentifier(name)} = $${index + 1}`).join(', ')} where id = 1`,
      syncColumns.map((name) => sync[name]),
    )
    await client.query(
      `select setval(pg_get_serial_sequence('indexed_calls', 'id'), (select max(id) from indexed_calls))`,
    )
    await client.query(`set session_replication_role = origin`)
    for (const { name, definition } of indexes) {
      await client.query(definition)
      log(`  index ${name} built, ${seconds()} s`)
    }
    await client.query('vacuum (analyze)')
    log(`  vacuumed and analysed, ${seconds()} s`)
  } finally {
    await client.end()
    sqlite.close()
  }
}

/** The PostgreSQL table's columns that the SQLite table has too (the FTS5 table's id is its rowid). */
async function columnsOf(client: pg.Client, sqlite: Database.Database, table: string): Promise<Column[]> {
  const inSqlite = new Set(
    (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((column) => column.name),
  )
  if (table === 'indexed_call_text') inSqlite.add('rowid')
  const { rows } = await client.query<{ name: string; udt: string }>(
    `select column_name as name, udt_name as udt from information_schema.columns
      where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  )
  const columns = rows.filter((column) => inSqlite.has(column.name))
  if (columns.length === 0) throw new Error(`${table}: no column in common between the two stores`)
  return columns
}
