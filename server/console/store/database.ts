// Opens the console's own database and migrates it: SQLite by default (a file path), PostgreSQL for a
// `postgres://` URL. The same Kysely queries run on both; what differs is in each store's adapter.
import type { Kysely } from 'kysely'
import type { StoreAdapter } from './adapter'
import { type Migrated, type MigrationState, migrateIfNew, migrateStore, requireCurrent } from './migration-state'
import { LIVE_NOTICE_CHANNELS, type StoreNotices } from './notices'
import { postgresAdapter } from './postgres/adapter'
import { refuseLanguageOrder } from './postgres/byte-order'
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
  /** Notices between the instances sharing the store (PostgreSQL's LISTEN/NOTIFY); null on SQLite. */
  notices: StoreNotices | null
  /** Ends what tells `writtenElsewhere` (PostgreSQL's listening connection); called by the store's close. */
  stopWatching: () => Promise<void>
  /**
   * PostgreSQL's, when listening: after a write to sessions or people, resolves once every instance was told
   * (session-notices.ts).
   */
  toldEverywhere: (() => Promise<void>) | null
}

export interface StoreOptions extends PostgresOptions {
  /**
   * `apply` (the server's start, tests): migrate to this release's last migration. `require-current` (the CLI's
   * commands): refuse, changing nothing, a database that is behind or ahead of this release. `apply-if-new` (the
   * CLI's first admin): migrate a new database, and otherwise as `require-current`.
   */
  migrations?: 'apply' | 'require-current' | 'apply-if-new'
  /** Told what `apply` did: the CLI's `migrate` names the migrations applied. */
  onMigrated?: (migrated: Migrated) => void
  /**
   * PostgreSQL: listen for other connections' changes to sessions and people, so found sessions can be kept in
   * memory (recent-sessions.ts); the server asks for it, the CLI does not (one connection fewer). SQLite always can.
   */
  watchSessions?: boolean
  /** Told before `apply` changes a database: the start reminds to take a backup first. */
  beforeMigrating?: (state: MigrationState) => void
  /**
   * PostgreSQL: the instance's one listening connection (postgres/shared-notices.ts), its name in
   * pg_stat_activity, its first wait before reconnecting, and how long a write that ends sessions waits at most for
   * its own notice to come back (session-notices.ts).
   */
  noticeConnection?: { name?: string; retryMs?: number; waitMs?: number }
  /**
   * SQLite in memory: begin as this copy of a database (better-sqlite3's serialize()), then migrate what it lacks.
   * The tests open thousands of stores: opening a copy of a migrated one took 5 ms of CPU, the 38 migrations 17.
   */
  image?: Buffer
}

export async function openConsoleDatabase(
  location: string,
  limits: QueryLimits,
  options: StoreOptions = {},
): Promise<OpenedDatabase> {
  const migrate =
    options.migrations === 'require-current'
      ? requireCurrent
      : options.migrations === 'apply-if-new'
        ? migrateIfNew
        : async (db: ConsoleDb, adapter: StoreAdapter) => {
            // Not inside `onMigrated?.(…)`: without a listener, the call and its argument would be skipped.
            const migrated = await migrateStore(db, adapter, options)
            options.onMigrated?.(migrated)
          }
  if (!isPostgresUrl(location)) {
    const { db, writtenElsewhere } = openSqlite(location, options.image)
    await closingOnError(db, () => migrate(db, sqliteAdapter))
    writtenElsewhere()
    return {
      db,
      adapter: sqliteAdapter,
      readers: openSqliteReaders(location, db, limits),
      writtenElsewhere,
      notices: null,
      stopWatching: async () => {},
      toldEverywhere: null,
    }
  }
  // Loaded only for PostgreSQL: a console on SQLite does not hold the pg driver in memory.
  const { openPostgres, openPostgresReaders } = await import('./postgres/open')
  const { db } = openPostgres(location, options)
  await closingOnError(db, async () => {
    await refuseLanguageOrder(db)
    await migrate(db, postgresAdapter)
  })
  const [{ shareNoticeConnection }, { sendNotice }, { SESSION_CHANGES }] = await Promise.all([
    import('./postgres/shared-notices'),
    import('./postgres/notice-listener'),
    import('./postgres/session-change-triggers'),
  ])
  // One listening connection for the instance, whoever listens (the sessions below, the live hub): opened at the
  // first listener, so the CLI opens none.
  const notices = shareNoticeConnection({
    url: location,
    channels: [SESSION_CHANGES, ...Object.values(LIVE_NOTICE_CHANNELS)],
    name: options.noticeConnection?.name ?? 'console notices',
    retryMs: options.noticeConnection?.retryMs,
  })
  const opened = { db, adapter: postgresAdapter, readers: openPostgresReaders(location, limits), notices }
  // A process that serves people (not the CLI) listens for other connections' changes to sessions and people.
  if (!options.watchSessions)
    return { ...opened, writtenElsewhere: null, stopWatching: notices.close, toldEverywhere: null }
  const { listenForSessionChanges } = await import('./postgres/session-notices')
  const sessionNotices = listenForSessionChanges(
    notices,
    (channel, payload) => sendNotice(db, channel, payload),
    options.noticeConnection?.waitMs,
  )
  await sessionNotices.ready
  return {
    ...opened,
    writtenElsewhere: sessionNotices.writtenElsewhere,
    stopWatching: notices.close,
    toldEverywhere: sessionNotices.toldEverywhere,
  }
}

async function closingOnError(db: ConsoleDb, work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (error) {
    await db.destroy()
    throw error
  }
}
