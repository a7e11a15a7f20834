// Opens a SQLite store: one file (created with mode 0600: it holds password hashes), one writer connection
// on the event loop, and worker threads for the reads that may be heavy.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { type DatabaseConnection, type Driver, Kysely, SqliteDialect, SqliteDriver } from 'kysely'
import type { QueryLimits } from '../query-limits'
import type { ConsoleDatabase } from '../schema'
import { createQueryPool } from './readers/query-pool'
import { readerDialect } from './readers/reader-dialect'

/** Whether the database lives in this connection alone (no worker thread can open it). */
const inMemory = (path: string) => path === ':memory:' || path === ''

export interface OpenedSqlite {
  db: Kysely<ConsoleDatabase>
  /**
   * Whether another connection (the CLI, a second store on the file) committed since the last check: SQLite's
   * data_version, which this connection's own commits leave alone. Checked once per turn of the event loop.
   */
  writtenElsewhere: () => boolean
}

/**
 * SQLite rolls a transaction back itself on some errors (SQLITE_FULL: the disk is full); Kysely's own rollback then
 * fails with "no transaction is active", and that error would replace the one that says why (store-unwritable.ts).
 */
class WriterDialect extends SqliteDialect {
  constructor(private readonly sqlite: BetterSqlite3.Database) {
    super({ database: sqlite })
  }
  override createDriver(): Driver {
    const { sqlite } = this
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (sqlite.inTransaction) await super.rollbackTransaction(connection)
      }
    })({ database: sqlite })
  }
}

/**
 * `image`: an in-memory database begins as this copy of one (better-sqlite3's serialize()) rather than empty: the
 * tests copy one migrated store instead of migrating each (database.ts).
 */
export function openSqlite(path: string, image?: Buffer): OpenedSqlite {
  if (image && !inMemory(path)) throw new Error('A SQLite image opens only in memory (:memory:), not over a file')
  if (!inMemory(path)) {
    mkdirSync(dirname(path), { recursive: true })
    closeSync(openSync(path, 'a', 0o600))
    // An older file keeps its mode on open; SQLite gives -wal and -shm the mode of this one.
    chmodSync(path, 0o600)
  }
  const sqlite = new BetterSqlite3(image ?? path)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  keepPreparedStatements(sqlite)
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck()
  let seen = dataVersion.get()
  // Reading data_version takes WAL's read lock, file locks on the -shm (about 13 µs of CPU a call, a third of
  // what the console adds to a proxied read beyond node's own sockets: a profile of bench:api). It is read once
  // per turn of the event loop: a commit that ended before the turn began is seen by every request read in it,
  // and a request sent after a commit (the CLI's deactivation, say) is read in a turn that began after it.
  let checkedThisTurn = false
  const nextTurn = () => {
    checkedThisTurn = false
  }
  const writtenElsewhere = () => {
    if (checkedThisTurn) return false
    checkedThisTurn = true
    setImmediate(nextTurn)
    const now = dataVersion.get()
    if (now === seen) return false
    seen = now
    return true
  }
  return { db: new Kysely<ConsoleDatabase>({ dialect: new WriterDialect(sqlite) }), writtenElsewhere }
}

/**
 * The handle for the reads that may be heavy (search, counts, export pages): worker threads with read-only
 * connections to the file, so they never hold the event loop, within `limits`. An in-memory database is
 * this connection's alone: its reads stay on it (tests), unbounded. `close` ends the workers (Kysely's
 * destroy would skip a driver that never ran a query).
 */
export function openSqliteReaders(path: string, db: Kysely<ConsoleDatabase>, limits: QueryLimits) {
  if (inMemory(path)) return { readers: db, close: async () => {} }
  const pool = createQueryPool(path, limits)
  return { readers: new Kysely<ConsoleDatabase>({ dialect: readerDialect(pool) }), close: () => pool.close() }
}

// Kysely prepares every query anew; the console runs a few dozen distinct statements, and every API
// request runs the session lookup, so each prepared statement is kept for its SQL text (bounded).
const MAX_KEPT_STATEMENTS = 256

function keepPreparedStatements(sqlite: BetterSqlite3.Database): void {
  const kept = new Map<string, BetterSqlite3.Statement>()
  const prepare = sqlite.prepare.bind(sqlite)
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source)
    if (!statement) {
      statement = prepare(source)
      if (kept.size < MAX_KEPT_STATEMENTS) kept.set(source, statement)
    }
    return statement
  }) as typeof sqlite.prepare
}
