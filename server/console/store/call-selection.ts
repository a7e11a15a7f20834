// An export's selection, fixed when it begins: the ids of the calls its filter selects, newest first, read in one
// statement (one snapshot, on either store) and kept as one string of digits and commas (about 8 bytes a call, 8 MB at
// a million: a string crosses from SQLite's reader threads as one copy, where a million rows would each be copied);
// then the calls are read by id, a page at a time. So an export holds the calls that matched when it began, each
// once, in order, however long it streams: a call indexed since, or one whose details or outcome came since and
// match now, is not in it; one that matched and changed since is, as the index holds it when its page is read; one
// erased or pruned since is left out.
import { type Expression, sql } from 'kysely'
import type { ConsoleDb } from './database'

export interface FixedSelection<Row> {
  /** How many calls matched when it began. */
  total: number
  /** The calls, `size` at a time, in the order they were selected. */
  pages(size: number): AsyncGenerator<Row[]>
}

export async function fixSelection<Row>(
  db: ConsoleDb,
  /** The selected calls' `id`, `created_at` and `call_id`: what is kept, and its order. */
  matching: Expression<unknown>,
  rowsOf: (ids: readonly number[]) => Promise<Row[]>,
): Promise<FixedSelection<Row>> {
  const { rows } = await sql<{ ids: string | null; n: number | string }>`select
      string_agg(cast(s.id as text), ',' order by s.created_at desc, s.call_id desc) as ids, count(*) as n
    from (${matching}) as s`.execute(db)
  const ids = rows[0]?.ids ?? ''
  return {
    total: Number(rows[0]?.n ?? 0),
    async *pages(size) {
      let at = 0
      while (at < ids.length) {
        const chunk: number[] = []
        while (chunk.length < size && at < ids.length) {
          const comma = ids.indexOf(',', at)
          const end = comma < 0 ? ids.length : comma
          chunk.push(Number(ids.slice(at, end)))
          at = end + 1
        }
        // The rows come back in any order: put back the selection's.
        const byId = new Map((await rowsOf(chunk)).map((row) => [(row as { id: number }).id, row]))
        const page = chunk.flatMap((id) => byId.get(id) ?? [])
        if (page.length > 0) yield page
      }
    },
  }
}
