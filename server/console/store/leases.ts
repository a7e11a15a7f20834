// The console_leases table: take or renew a lease in one statement, whichever instance gets there first.
// Expiry is the store's clock, not the caller's: an instance whose clock runs ahead would otherwise find a lease
// expired that its holder still counts on, and both would do the leased work.
import { sql } from 'kysely'
import type { StoreAdapter } from './adapter'
import type { ConsoleDb } from './database'

export interface LeaseRow {
  name: string
  holder: string
  version: number
  acquiredAt: number
  expiresAt: number
}

export function createLeaseQueries(db: ConsoleDb, adapter: Pick<StoreAdapter, 'clockMs'>) {
  return {
    /**
     * Takes the lease when it is free, expired or already `holder`'s, for `ttlMs` from now; answers the lease as
     * it then stands (another holder's when it was not taken). An upsert whose update is conditional: two
     * instances racing both run it, one row wins (PostgreSQL and SQLite alike, with no lock held between calls).
     * The time is the store's clock unless `at` is given (tests step a clock of their own).
     */
    acquire: async (name: string, holder: string, ttlMs: number, at?: number): Promise<LeaseRow> => {
      // Cast: PostgreSQL cannot tell a bare parameter's type in arithmetic.
      const now = at === undefined ? adapter.clockMs() : sql<number>`cast(${at} as bigint)`
      const until = sql<number>`${now} + cast(${ttlMs} as bigint)`
      // The row as the upsert left it, when it took or renewed the lease: one statement for the holder's renewals.
      const taken = await db
        .insertInto('console_leases')
        .values({ name, holder, version: 1, acquired_at: now, expires_at: until })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet((eb) => ({
              holder,
              expires_at: until,
              version: eb
                .case()
                .when('console_leases.holder', '=', holder)
                .then(eb.ref('console_leases.version'))
                .else(eb(eb.ref('console_leases.version'), '+', 1))
                .end(),
              acquired_at: eb
                .case()
                .when('console_leases.holder', '=', holder)
                .then(eb.ref('console_leases.acquired_at'))
                .else(now)
                .end(),
            }))
            .where((eb) =>
              eb.or([eb('console_leases.holder', '=', holder), eb('console_leases.expires_at', '<=', now)]),
            ),
        )
        .returningAll()
        .executeTakeFirst()
      // Another's: read as it stands.
      const row =
        taken ?? (await db.selectFrom('console_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow())
      return {
        name: row.name,
        holder: row.holder,
        version: row.version,
        acquiredAt: row.acquired_at,
        expiresAt: row.expires_at,
      }
    },
    /**
     * Gives the lease up at once (a draining instance), so another takes it without waiting for it to expire;
     * the row stays, so the next holder's version still counts up.
     */
    release: async (name: string, holder: string): Promise<void> => {
      await db
        .updateTable('console_leases')
        .set({ expires_at: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute()
    },
    /** Removes the leases named `prefix…` that expired before `before` (instances stopped long ago). */
    forgetExpired: async (prefix: string, before: number): Promise<void> => {
      await db
        .deleteFrom('console_leases')
        .where('name', 'like', `${prefix}%`)
        .where('expires_at', '<', before)
        .execute()
    },
    all: () => db.selectFrom('console_leases').selectAll().orderBy('name').execute(),
  }
}
