// One migrated SQLite store per test worker, as an image each in-memory test store is opened from: running the 38
// migrations took about 17 ms of CPU a store, and the suite opens thousands. Each store is its own copy, so a test
// sees what it saw before: an empty, current store that no other test writes.
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { migrateStore } from '../store/migration-state'
import type { ConsoleDatabase } from '../store/schema'
import { sqliteAdapter } from '../store/sqlite/adapter'

let image: Promise<Buffer> | null = null

export function migratedSqliteImage(): Promise<Buffer> {
  image ??= (async () => {
    const sqlite = new BetterSqlite3(':memory:')
    // As the store opens its own (sqlite/open.ts): a migration meets the same checks.
    sqlite.pragma('foreign_keys = ON')
    const db = new Kysely<ConsoleDatabase>({ dialect: new SqliteDialect({ database: sqlite }) })
    try {
      await migrateStore(db, sqliteAdapter)
      return sqlite.serialize()
    } finally {
      await db.destroy()
    }
  })()
  return image
}
