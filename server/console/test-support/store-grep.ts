// For tests: every place in a console store where a text appears, found from the database's own catalogue (every
// table, virtual and shadow tables too, every column holding text or JSON), never from a list written by hand, so a
// table added later is searched without anyone remembering to.
import { sql } from 'kysely'
import type { ConsoleStore } from '../store'

/** `table.column` of every row-column that holds one of `texts`, with how many rows hold it. */
export async function whereStoreHolds(store: ConsoleStore, texts: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (const { table, column } of await textColumns(store)) {
    const holds = sql.join(
      texts.map((text) =>
        store.adapter.kind === 'sqlite'
          ? sql`instr(${sql.ref(column)}, ${text}) > 0`
          : sql`strpos(${sql.ref(column)}::text, ${text}) > 0`,
      ),
      sql` or `,
    )
    // SQLite's columns take any type whatever they were declared: a value is searched when it is text.
    const isText = store.adapter.kind === 'sqlite' ? sql`typeof(${sql.ref(column)}) = 'text' and ` : sql``
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where ${isText}(${holds})`.execute(store.db)
    const n = Number(rows[0]?.n ?? 0)
    if (n > 0) found.set(`${table}.${column}`, n)
  }
  return found
}

/** The tables the console's schema searched covers: every one the catalogue lists. */
export async function storeTables(store: ConsoleStore): Promise<string[]> {
  return [...new Set((await textColumns(store)).map((column) => column.table))].sort()
}

async function textColumns(store: ConsoleStore): Promise<{ table: string; column: string }[]> {
  if (store.adapter.kind === 'postgres') {
    const { rows } = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column"
      from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by table_name, column_name`.execute(store.db)
    return rows
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' order by name`.execute(store.db)
  const columns: { table: string; column: string }[] = []
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(store.db)
    // Any column: SQLite's declared types do not bind (FTS5's shadow tables declare none); the search checks typeof.
    for (const column of rows) columns.push({ table: name, column: column.name })
  }
  return columns
}
