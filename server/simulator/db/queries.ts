import type { Database } from 'better-sqlite3'
import { createAccountQueries } from './account-queries'
import { createCallQueries } from './call-queries'
import { createCallerIdQueries } from './caller-id-queries'
import { createIdempotencyQueries } from './idempotency-queries'
import { createUsageQueries } from './usage-queries'

/** Every prepared statement, created once at start-up. */
export function createQueries(db: Database) {
  return {
    db,
    accounts: createAccountQueries(db),
    calls: createCallQueries(db),
    callerIds: createCallerIdQueries(db),
    usage: createUsageQueries(db),
    idempotency: createIdempotencyQueries(db),
  }
}

export type Queries = ReturnType<typeof createQueries>
