// Keyset pages and sorted keys compare text as JavaScript and SQLite do, code unit by code unit: a database that
// sorts by a language's rules would page differently. The database's name for its collation does not tell (one
// created with LOCALE_PROVIDER icu still shows LC_COLLATE 'C'), so a few strings are sorted in it and compared.
import { type Kysely, sql } from 'kysely'
import type { ConsoleDatabase } from '../schema'

// Case, accent and punctuation: the three a language's collation reorders.
const PROBE = ['_', 'a', 'A', 'ä', 'b', 'B']
const BYTE_ORDER = [...PROBE].sort()

export async function refuseLanguageOrder(db: Kysely<ConsoleDatabase>): Promise<void> {
  const values = sql.join(PROBE.map((text) => sql`(${text}::text)`))
  const { rows } = await sql<{
    text: string
  }>`select text from (values ${values}) as probe(text) order by text`.execute(db)
  const order = rows.map((row) => row.text)
  if (order.join() === BYTE_ORDER.join()) return
  const { rows: named } = await sql<{ collation: string }>`select datcollate as collation from pg_database
    where datname = current_database()`.execute(db)
  throw new Error(
    `The console's PostgreSQL database sorts text by a language's rules (${order.join(' ')}; its collation: ` +
      `${named[0]?.collation ?? 'unknown'}, or an ICU locale); the console needs byte order (${BYTE_ORDER.join(' ')}). ` +
      `Create it with: CREATE DATABASE <name> TEMPLATE template0 LOCALE_PROVIDER libc LC_COLLATE 'C' LC_CTYPE 'C.UTF-8';`,
  )
}
