// Opens a PostgreSQL store: a pool for the console's writes and light reads, and a second, smaller one
// for the reads that may be heavy (search, counts, export pages), each statement within its time budget
// and a bounded queue, as SQLite's readers are.
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'
import pg from 'pg'
import { QueriesQueueFull, QueryBudgetSpent, type QueryLimits } from '../query-limits'
import type { ConsoleDatabase } from '../schema'

// The store keeps times as milliseconds in bigint columns and counts with count(*) and sum(): numbers in
// JavaScript, as SQLite gives them (every one stays well below 2^53).
const INT8 = 20
const NUMERIC = 1700
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

// What the pool needs at most: the session lookups and writes of a busy console take a few connections.
const WRITER_CONNECTIONS = 10
// PostgreSQL's "canceling statement due to statement timeout".
const QUERY_CANCELED = '57014'

export interface PostgresOptions {
  /** Connections of the writers' pool (a test opens many stores, each with few). */
  connections?: number
}

// JIT off: the console's statements are short, and PostgreSQL compiles one whose estimated cost passes
// jit_above_cost (a search's count through a month of a million calls: estimated 275,000) for 30 to 240 ms on
// this 2-core machine, more than the statement then takes. A connection string's own `options` still win.
const SESSION_SETTINGS = '-c jit=off'

function poolOf(url: string, max: number, extra: pg.PoolConfig = {}) {
  // allowExitOnIdle: an idle pool nobody closed must not keep a process (a CLI, a test) alive.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    allowExitOnIdle: true,
    options: SESSION_SETTINGS,
    ...extra,
  })
  // A client whose server went away (a restart, a failover) emits 'error': an idle one through the pool, one
  // in use on itself. Without a listener either would end the process; its queries fail on their own (a 503),
  // and the pool drops the client when it comes back.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  return pool
}

export function openPostgres(url: string, options: PostgresOptions = {}) {
  const pool = poolOf(url, options.connections ?? WRITER_CONNECTIONS)
  return { db: new Kysely<ConsoleDatabase>({ dialect: new PostgresDialect({ pool }) }), pool }
}

/** The readers' pool: `workers` connections, a statement timeout of `budgetMs`, at most `maxQueued` waiting. */
export function openPostgresReaders(url: string, limits: QueryLimits) {
  const pool = poolOf(url, limits.workers, { statement_timeout: limits.budgetMs })
  const bounded: PostgresPool = {
    connect: async () => {
      if (pool.waitingCount >= limits.maxQueued) throw new QueriesQueueFull(pool.waitingCount)
      const client = await pool.connect()
      return withBudgetErrors(client, limits.budgetMs)
    },
    end: () => pool.end(),
    options: pool.options,
  }
  const readers = new Kysely<ConsoleDatabase>({ dialect: new PostgresDialect({ pool: bounded }) })
  return { readers, close: () => readers.destroy() }
}

/** A client whose statement stopped by the timeout rejects with the store's own error. */
function withBudgetErrors(client: pg.PoolClient, budgetMs: number): PostgresPoolClient {
  return {
    query: ((...args: Parameters<pg.PoolClient['query']>) =>
      (client.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: { code?: string }) => {
        throw error?.code === QUERY_CANCELED ? new QueryBudgetSpent(budgetMs) : error
      })) as PostgresPoolClient['query'],
    release: () => client.release(),
  }
}
