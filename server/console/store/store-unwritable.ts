// A store that answers but cannot save: SQLite's disk full or file read-only, PostgreSQL's disk full or a
// read-only transaction (a standby, default_transaction_read_only). Every request that writes then fails the
// same way, so the console answers 503 in words (http/query-problems.ts), and /readyz fails naming the store
// until a write succeeds again (ops/readiness.ts tries one). The state is this process's: each instance finds out.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { ConsoleDb } from './database'

// SQLITE_FULL; SQLITE_READONLY and its extended codes (SQLITE_READONLY_DBMOVED, …); PostgreSQL's disk_full (53100)
// and read_only_sql_transaction (25006).
const UNWRITABLE_CODES = /^(SQLITE_FULL|SQLITE_READONLY(_[A-Z]+)?|53100|25006)$/

export function isStoreUnwritable(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && UNWRITABLE_CODES.test(code)
}

// Larger than a page of either store, so the probe needs free space rather than a slot left in a page.
const PROBE_BYTES = 32 * 1024

class ProbeRolledBack extends Error {}

export function createWriteHealth(db: ConsoleDb) {
  let failedAt: number | null = null

  /** A row written and rolled back: whether the store can save now. */
  const probe = async (): Promise<boolean> => {
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('console_leases')
          .values({
            name: 'readyz:write-probe',
            // Random, so that no compression makes it small; in a column no index holds.
            holder: randomBytes(PROBE_BYTES / 2).toString('hex'),
            version: 1,
            acquired_at: sql<number>`0`,
            expires_at: sql<number>`0`,
          })
          .execute()
        throw new ProbeRolledBack()
      })
    } catch (error) {
      if (error instanceof ProbeRolledBack) return true
      if (isStoreUnwritable(error)) return false
      throw error
    }
    return true
  }

  return {
    /** Told by the app's error handler of a write the store refused. */
    failed(at = Date.now()) {
      failedAt ??= at
    },
    /** Since when the store has refused to save (null while it saves). */
    unwritableSince: () => failedAt,
    /** After a refusal, tries a write: true (and forgets the refusal) once one succeeds again. */
    async writable(): Promise<boolean> {
      if (failedAt === null) return true
      if (!(await probe())) return false
      failedAt = null
      return true
    },
  }
}
