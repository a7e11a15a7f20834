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

/** A new, empty store's location: `:memory:` (or, with `file`, a new SQLite file), or a new PostgreSQL database. */
export async function testStoreLocation(options: { file?: boolean } = {}): Promise<string> {
  const postgres = inject('postgres')
  if (!postgres)
    return options.file ? join(mkdtempSync(join(tmpdir(), 'console-store-')), 'console.sqlite') : ':memory:'
  const name = `t_${process.pid}_${Date.now().toString(36)}_${databases++}`
  const admin = new pg.Client({ connectionString: postgres.adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${postgres.template}`)
  } finally {
    await admin.end()
  }
  return postgres.adminUrl.replace(/\/[^/]*$/, `/${name}`)
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
