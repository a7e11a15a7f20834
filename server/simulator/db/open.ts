import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3, { type Database } from 'better-sqlite3'
import { migrate } from './schema'

/** Opens (creating if needed) and migrates the database. `isNew` tells the caller to seed. */
export function openDatabase(path: string): { db: Database; isNew: boolean } {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true })
    ownerOnly(path)
  }
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

// The file holds the API keys and the signing secret, so only its owner may read it. SQLite gives
// the -wal and -shm files the database file's mode; ones left by an older version are tightened too.
function ownerOnly(path: string): void {
  closeSync(openSync(path, 'a', 0o600))
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  }
}
