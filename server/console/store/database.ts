// Opens the console's own database and migrates it: SQLite by default (a file path), PostgreSQL for a
// `postgres://` URL. The same Kysely queries run on both; what differs is in each store's adapter.
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { StoreAdapter } from './adapter'
import { migrationProviderFor } from './migrations'
import { postgresAdapter } from './postgres/adapter'
import type { PostgresOptions } from './postgres/open'
import type { QueryLimits } from './query-limits'
import type { ConsoleDatabase } from './schema'
import { sqliteAdapter } from './sqlite/adapter'
import { openSqlite, openSqliteReaders } from './sqlite/open'

export type ConsoleDb = Kysely<ConsoleDatabase>

/** Where a store lives: a SQLite file (or `:memory:`), or a PostgreSQL URL. */
const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location)

export interface OpenedDatabase {
  db: ConsoleDb
  adapter: StoreAdapter
  /** The handle for the reads that may be heavy, and what ends it. */
  readers: { readers: ConsoleDb; close: () => Promise<void> }
  /**
   * Whether another connection wrote since the last call, where the store can tell at no cost (SQLite); null
   * where it cannot (PostgreSQL, shared by several instances).
   */
  writtenElsewhere: (() => boolean) | null
}

export async function openConsoleDatabase(
  location: string,
  limits: QueryLimits,
  options: PostgresOptions = {},
): Promise<OpenedDatabase> {
  if (!isPostgresUrl(location)) {
    const { db, writtenElsewhere } = openSqlite(location)
    await migrate(db, sqliteAdapter)
    writtenElsewhere()
    return { db, adapter: sqliteAdapter, readers: openSqliteReaders(location, db, limits), writtenElsewhere }
  }
  // Loaded only for PostgreSQL: a console on SQLite does not hold the pg driver in memory.
  const { openPostgres, openPostgresReaders } = await import('./postgres/open')
  const { db } = openPostgres(location, options)
  try {
    await refuseLocaleCollation(db)
    await migrate(db, postgresAdapter)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return { db, adapter: postgresAdapter, readers: openPostgresReaders(location, limits), writtenElsewhere: null }
}

/**
 * Instances starting together migrate once: Kysely's PostgreSQL migrator holds an advisory lock while it runs,
 * and SQLite's a write transaction.
 */
async function migrate(db: ConsoleDb, adapter: StoreAdapter): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProviderFor(adapter) }).migrateToLatest()
  if (error) {
    await db.destroy()
    throw new Error(`The console database could not be migrated: ${error instanceof Error ? error.message : error}`)
  }
}

/**
 * Keyset pages and sorted keys compare text as JavaScript and SQLite do, code unit by code unit: a database
 * that sorts by a language's rules would page differently, so it is refused with what to do instead.
 */
async function refuseLocaleCollation(db: ConsoleDb): Promise<void> {
  const { rows } = await sql<{ collation: string }>`select datcollate as collation from pg_database
    where datname = current_database()`.execute(db)
  const collation = rows[0]?.collation ?? ''
  if (!/^(C|POSIX|C\.UTF-?8)$/i.test(collation))
    throw new Error(
      `The console's PostgreSQL database sorts text as "${collation}"; it needs "C". ` +
        `Create it with: CREATE DATABASE <name> TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C.UTF-8';`,
    )
}
