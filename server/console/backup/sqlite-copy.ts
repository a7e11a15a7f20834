// A consistent copy of a SQLite store, taken while a console writes to it: SQLite's online backup API
// (better-sqlite3's db.backup) reads the database as one snapshot, the newest commits in the -wal file included,
// which a plain copy of the file misses.
import { closeSync, openSync, rmSync } from 'node:fs'
import BetterSqlite3 from 'better-sqlite3'

/** Pages copied in one step: all of them, so the copy is one read transaction (one instant), never restarted. */
const ALL_PAGES = 0x7fffffff

/**
 * Copies the store at `source` to `destination`, a new file created with mode 0600 before a byte is written (it holds
 * password hashes and the device-cookie key). Refuses a destination that exists: a backup never overwrites.
 */
export async function copySqliteStore(source: string, destination: string): Promise<void> {
  // 'wx': created here and now, or an error if anything is already there (a file, a link planted by someone else).
  closeSync(openSync(destination, 'wx', 0o600))
  // Read-write, as the console opens it: a read-only connection would leave a -wal and -shm behind when it is the last.
  const sqlite = new BetterSqlite3(source, { fileMustExist: true })
  try {
    await sqlite.backup(destination, { progress: () => ALL_PAGES })
    // The copy is one file that reading alone leaves alone (a WAL-mode file grows a -wal and -shm when opened).
    const copy = new BetterSqlite3(destination, { fileMustExist: true })
    copy.pragma('journal_mode = DELETE')
    copy.close()
  } catch (error) {
    rmSync(destination, { force: true })
    throw error
  } finally {
    sqlite.close()
  }
}
