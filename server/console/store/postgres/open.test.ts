// The PostgreSQL store's sessions (the suite's PostgreSQL project): JIT is off on the writers' pool and on the
// readers', whose statements (a search's count) it compiled for longer than they then ran.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { onPostgres, testStoreLocation } from '../../test-support/test-store'
import { DEFAULT_QUERY_LIMITS } from '../query-limits'
import { openPostgres, openPostgresReaders } from './open'

describe.skipIf(!onPostgres())('the PostgreSQL store’s sessions', () => {
  it('compile no statement: JIT off on both pools', async () => {
    const url = await testStoreLocation()
    const writers = openPostgres(url)
    const readers = openPostgresReaders(url, DEFAULT_QUERY_LIMITS)
    try {
      for (const db of [writers.db, readers.readers]) {
        const { rows } = await sql<{ jit: string }>`show jit`.execute(db)
        expect(rows[0]?.jit).toBe('off')
      }
    } finally {
      await writers.db.destroy()
      await readers.close()
    }
  })
})
