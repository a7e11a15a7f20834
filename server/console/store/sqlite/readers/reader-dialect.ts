// A Kysely dialect whose one "connection" posts each compiled query to the pool of readers: the query
// builders of store/ stay as they are, compiled on the main thread, run in a worker.
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import type { QueryPool } from './query-pool'

/** SQLite's adapter, but the pool's one "connection" runs queries side by side: Kysely must not take turns on it. */
class ReaderAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true
  }
}

const readOnly = () => Promise.reject(new Error('The store’s readers run single queries, no transactions.'))

function poolDriver(pool: QueryPool): Driver {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => ({
      rows: (await pool.run(query.sql, query.parameters)) as R[],
    }),
    // biome-ignore lint/correctness/useYield: a reader streams nothing; the export reads page by page instead.
    streamQuery: async function* () {
      throw new Error('The store’s readers do not stream; read page by page.')
    },
  }
  return {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: readOnly,
    commitTransaction: readOnly,
    rollbackTransaction: readOnly,
    releaseConnection: async () => {},
    // The store closes the pool itself: Kysely skips the destroy of a driver that never ran a query.
    destroy: async () => {},
  }
}

export function readerDialect(pool: QueryPool): Dialect {
  return {
    createAdapter: () => new ReaderAdapter(),
    createDriver: () => poolDriver(pool),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  }
}
