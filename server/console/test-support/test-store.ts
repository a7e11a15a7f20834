// The store a console-server test opens: SQLite in memory, or, in the PostgreSQL project of the suite
// (vitest.config.ts), a database of its own on the throw-away cluster, copied from a migrated template.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { type ConsoleStore, openStore } from '../store'
import type { QueryLimits } from '../store/query-limits'
import { migratedSqliteImage } from './migrated-image'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's admin URL and the migrated template's name; absent outside the PostgreSQL project. */
    postgres?: { adminUrl: string; template: string }
  }
}

/** Whether this run's stores are PostgreSQL's. */
export const onPostgres = () => inject('postgres') !== undefined

let databases = 0
/** The databases this worker made that may not be dropped yet. */
const made = new Set<string>()

/** Runs statements as the cluster's admin (creating and dropping databases). */
async function asAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

/** A new, empty store's location: `:memory:` (or, with `file`, a new SQLite file), or a new PostgreSQL database. */
export async function testStoreLocation(options: { file?: boolean } = {}): Promise<string> {
  const postgres = inject('postgres')
  if (!postgres)
    return options.file ? join(mkdtempSync(join(tmpdir(), 'console-store-')), 'console.sqlite') : ':memory:'
  const name = `t_${process.pid}_${Date.now().toString(36)}_${databases++}`
  await asAdmin(postgres.adminUrl, (admin) => admin.query(`create database ${name} template ${postgres.template}`))
  made.add(name)
  return postgres.adminUrl.replace(/\/[^/]*$/, `/${name}`)
}

/**
 * Drops this worker's databases that nobody is connected to (each test file's end, postgres-test-files.ts): a run
 * made 445, each a copy of the template's 7.5 MB, and deleting them all with the cluster took its last 30 to 100 s.
 * One still in use (a store a test left open) goes with the cluster.
 */
export async function dropClosedTestDatabases(): Promise<void> {
  const postgres = inject('postgres')
  if (!postgres || made.size === 0) return
  await asAdmin(postgres.adminUrl, async (admin) => {
    const inUse = await admin.query<{ datname: string }>(
      'select distinct datname from pg_stat_activity where datname = any($1)',
      [[...made]],
    )
    const open = new Set(inUse.rows.map((row) => row.datname))
    for (const name of made) {
      if (open.has(name)) continue
      // Not the test's failure: one a connection reached meanwhile stays, for the next file's end or the cluster.
      await admin.query(`drop database if exists ${name}`).then(
        () => made.delete(name),
        () => {},
      )
    }
  })
}

/**
 * A new, empty store: few connections each on PostgreSQL, where a test file may open dozens; in memory on SQLite,
 * a copy of the worker's migrated image (migrated-image.ts).
 */
export async function openTestStore(limits?: QueryLimits, options: { file?: boolean } = {}): Promise<ConsoleStore> {
  const location = await testStoreLocation(options)
  const image = location === ':memory:' ? await migratedSqliteImage() : undefined
  return openStore(location, limits, { connections: 4, image })
}
