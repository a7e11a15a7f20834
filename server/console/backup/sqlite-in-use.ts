// Whether a console has a SQLite store open, asked of SQLite's own locks: every connection to a database in WAL mode
// (the console's writer and its reader threads) holds a shared lock on the file for as long as it is open, and a
// connection in EXCLUSIVE locking mode cannot begin while one does. The locks are the operating system's, so they
// go with the process: a console that crashed holds none, and one that runs always does, wherever it was started.
import BetterSqlite3 from 'better-sqlite3'

/**
 * Takes the file for this process alone and runs `work` while it holds it, or returns `in-use` at once when another
 * connection has it open. Before `work`, what the -wal file holds is folded into the file (a console that crashed
 * leaves its last commits there), so the file alone is the whole store.
 */
export function whileNoOneElseHasIt<T>(path: string, work: () => T): { done: T } | 'in-use' {
  const sqlite = new BetterSqlite3(path, { fileMustExist: true })
  try {
    sqlite.pragma('busy_timeout = 0')
    sqlite.pragma('locking_mode = EXCLUSIVE')
    try {
      sqlite.exec('BEGIN EXCLUSIVE')
      sqlite.exec('COMMIT')
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return 'in-use'
      throw error
    }
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
    return { done: work() }
  } finally {
    sqlite.close()
  }
}
