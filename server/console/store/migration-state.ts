// Where a database stands against this release's migrations, and the two ways to meet it: migrate (the CLI's
// `migrate`, and the server's start), or refuse in words without changing anything (every other CLI command).
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { StoreAdapter } from './adapter'
import { migrationProviderFor } from './migrations'
import type { ConsoleDatabase } from './schema'

export interface MigrationState {
  /** The last migration this database has applied, or null for a new one. */
  at: string | null
  /** This release's last migration. */
  latest: string
  /** This release's migrations the database has not applied, in order. */
  pending: string[]
  /** Migrations the database has applied that this release does not know: a newer release wrote it. */
  unknown: string[]
}

/** A database this release should not use as it stands, said in one line (no stack trace is printed for it). */
export class StoreVersionRefused extends Error {}

const short = (name: string | null) => (name === null ? 'none (a new database)' : (name.split('_')[0] ?? name))

/** Reads the migrations applied, writing nothing (Kysely's own table, absent in a new database). */
async function readMigrationState(db: Kysely<ConsoleDatabase>, adapter: StoreAdapter): Promise<MigrationState> {
  const known = Object.keys(await migrationProviderFor(adapter).getMigrations()).sort()
  const applied = await sql<{ name: string }>`select name from kysely_migration`
    .execute(db)
    .then(({ rows }) => rows.map((row) => row.name).sort())
    .catch((error: unknown) => {
      if (/kysely_migration/.test(String(error))) return []
      throw error
    })
  const appliedSet = new Set(applied)
  const knownSet = new Set(known)
  return {
    at: applied.at(-1) ?? null,
    latest: known.at(-1) ?? '',
    pending: known.filter((name) => !appliedSet.has(name)),
    unknown: applied.filter((name) => !knownSet.has(name)),
  }
}

/** Said before a start migrates a database that holds data: the way back is the backup. */
export function backupReminder(state: MigrationState): string {
  return `Migrating the database from ${short(state.at)} to ${short(state.latest)} (${state.pending.join(', ')}): an older release cannot use it afterwards, so the way back is a backup taken first (npm run console -- backup FILE, then npm run console -- migrate, before starting).`
}

/** A newer release's database: an older one must not run its migrations over it, nor use it. */
function refuseNewer(state: MigrationState): void {
  const newest = state.unknown.at(-1)
  if (newest === undefined) return
  throw new StoreVersionRefused(
    `This database was written by a newer release (${short(newest)}: ${newest}; this release knows up to ${state.latest}): use that release, or the backup taken before the upgrade.`,
  )
}

/** Every CLI command but `migrate`: the database must be at this release's migration. */
export async function requireCurrent(db: Kysely<ConsoleDatabase>, adapter: StoreAdapter): Promise<void> {
  const state = await readMigrationState(db, adapter)
  refuseNewer(state)
  if (state.pending.length > 0)
    throw new StoreVersionRefused(
      `This database is at migration ${short(state.at)}; this release needs ${short(state.latest)}: run \`npm run console -- migrate\` (after \`npm run console -- backup FILE\`).`,
    )
}

/** The CLI's first admin: a new database is made ready; one that holds data must be current, as for any command. */
export async function migrateIfNew(db: Kysely<ConsoleDatabase>, adapter: StoreAdapter): Promise<void> {
  const state = await readMigrationState(db, adapter)
  if (state.at === null) await migrateStore(db, adapter)
  else await requireCurrent(db, adapter)
}

export interface Migrated {
  from: string | null
  to: string
  applied: string[]
}

/**
 * Applies what is pending. Instances starting together migrate once: Kysely's PostgreSQL migrator holds an
 * advisory lock while it runs, and SQLite's a write transaction.
 */
export async function migrateStore(
  db: Kysely<ConsoleDatabase>,
  adapter: StoreAdapter,
  options: { target?: string; beforeMigrating?: (state: MigrationState) => void } = {},
): Promise<Migrated> {
  const { target, beforeMigrating } = options
  const state = await readMigrationState(db, adapter)
  refuseNewer(state)
  if (state.pending.length > 0) beforeMigrating?.(state)
  const migrator = new Migrator({ db, provider: migrationProviderFor(adapter) })
  const { error, results = [] } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest()
  if (error)
    throw new Error(`The console database could not be migrated: ${error instanceof Error ? error.message : error}`)
  const applied = results.filter((r) => r.status === 'Success' && r.direction === 'Up').map((r) => r.migrationName)
  return { from: state.at, to: applied.at(-1) ?? state.at ?? '', applied }
}
