import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3, { type Database } from 'better-sqlite3'
import { migrate } from './schema'

/** Opens (creating if needed) and migrates the database. `isNew` tells the caller to seed. */
export function openDatabase(path: string): { db: Database; isNew: boolean } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new BetterSqlite3(path)
  // WAL + NORMAL survives a crash of the process (not of the OS) without an fsync per commit.
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  // better-sqlite3 defaults to a 16 MB page cache; the hot queries read a few index pages, and
  // the OS file cache already holds the rest, so SQLite's own default of 2 MB is enough.
  db.pragma('cache_size = -2000')
  const isNew = (db.pragma('user_version', { simple: true }) as number) === 0
  migrate(db)
  return { db, isNew }
}
