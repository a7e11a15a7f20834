// How many transactions the instances ran on PostgreSQL (each statement outside a transaction is one): the round
// trips a read still costs, beside its CPU. PostgreSQL's statistics count every backend of the database; a
// backend reports its counts when idle, at most once a second, so a reading waits that out first.
import pg from 'pg'

const REPORT_WAIT_MS = 1_500

/** Transactions committed or rolled back in the database of `databaseUrl` so far (the reading's own two included). */
export async function transactionsSoFar(databaseUrl: string): Promise<number> {
  await new Promise((done) => setTimeout(done, REPORT_WAIT_MS))
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    )
    return Number(rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}
