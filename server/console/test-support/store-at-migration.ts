// Databases as other releases leave them, for the upgrade tests: a new, empty one; one migrated up to an older
// release's last migration; one that a newer release has migrated further.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import { migrateStore } from '../store/migration-state'
import { postgresAdapter } from '../store/postgres/adapter'
import { openPostgres } from '../store/postgres/open'
import type { ConsoleDatabase } from '../store/schema'
import { sqliteAdapter } from '../store/sqlite/adapter'
import { openSqlite } from '../store/sqlite/open'

let databases = 0

/**
 * A location where nothing exists yet: a SQLite file's path (not created), or on the PostgreSQL project a new
 * empty database, made with `options` (its collation, by default byte order as the console needs).
 */
export async function newStoreLocation(options = "lc_collate 'C' lc_ctype 'C'"): Promise<string> {
  const postgres = inject('postgres')
  if (!postgres) return join(mkdtempSync(join(tmpdir(), 'console-upgrade-')), 'console.sqlite')
  const name = `u_${process.pid}_${Date.now().toString(36)}_${databases++}`
  const admin = new pg.Client({ connectionString: postgres.adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template template0 ${options}`)
  } finally {
    await admin.end()
  }
  return postgres.adminUrl.replace(/\/[^/]*$/, `/${name}`)
}

/** Opens `location` with no migration run, and closes it after `work`. */
export async function withRawStore<T>(
  location: string,
  work: (db: Kysely<ConsoleDatabase>, adapter: typeof sqliteAdapter) => Promise<T>,
): Promise<T> {
  const onPostgres = location.startsWith('postgres')
  const { db } = onPostgres ? openPostgres(location, { connections: 1 }) : openSqlite(location)
  try {
    return await work(db, onPostgres ? postgresAdapter : sqliteAdapter)
  } finally {
    await db.destroy()
  }
}

/** Migrates a new database up to `target`, as the release whose last migration it was would have. */
export const migrateUpTo = (location: string, target: string) =>
  withRawStore(location, (db, adapter) => migrateStore(db, adapter, { target }))

/** The migrations applied, in order. */
export const appliedMigrations = (location: string) =>
  withRawStore(location, async (db) =>
    (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name),
  )

/** As a newer release leaves it: one more migration recorded, which this release does not know. */
export const recordNewerMigration = (location: string, name: string) =>
  withRawStore(location, async (db) => {
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(db)
  })
