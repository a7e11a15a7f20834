// A throw-away PostgreSQL cluster for one benchmark run (test-support/postgres-cluster.ts), with databases
// made as the console's tests make them: C collation, from template0 or from a database the bench filled.
// The bench stops it in its own finally, failure or not.
import pg from 'pg'
import { type PostgresCluster, startPostgresCluster } from '../../server/console/test-support/postgres-cluster'

export interface BenchPostgres {
  /** A new, empty database (or a copy of `template`, a database nobody is connected to); its URL. */
  createDatabase(name: string, template?: string): Promise<string>
  urlOf(database: string): string
  stop(): void
}

// What the bench's loads and consoles need on top of the test cluster's settings: room to build the trigram
// indexes of a million calls in memory, and a shared cache like a small server's rather than the 128 MB default.
const BENCH_SETTINGS = { maintenance_work_mem: '512MB', shared_buffers: '512MB', max_wal_size: '4GB' }

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const cluster: PostgresCluster = await startPostgresCluster(BENCH_SETTINGS)
  return {
    urlOf: cluster.urlOf,
    createDatabase: async (name, template = 'template0') => {
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      try {
        await admin.query(
          `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)} lc_collate 'C' lc_ctype 'C'`,
        )
      } finally {
        await admin.end()
      }
      return cluster.urlOf(name)
    },
    stop: () => cluster.stop(),
  }
}
