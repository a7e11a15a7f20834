// What the service's rate_per_minute_dc counts (issue 53, item 2): one row, read at each request so every instance
// shows the same, and replaced whole by an admin.
import type { StoreAdapter } from './adapter'
import type { ConsoleDb } from './database'

export interface RateUnitRow {
  divisor: number
  currency: string
  setById: string | null
  setByEmail: string
  setAt: number
}

const ONE_ROW = 1

export function createRateUnitQueries(db: ConsoleDb, adapter: StoreAdapter) {
  const read = async (executor: ConsoleDb = db): Promise<RateUnitRow | null> => {
    const row = await executor
      .selectFrom('usage_rate_unit')
      .select(['divisor', 'currency', 'set_by_id as setById', 'set_by_email as setByEmail', 'set_at as setAt'])
      .where('id', '=', ONE_ROW)
      .executeTakeFirst()
    // PostgreSQL answers bigint as a string.
    return row ? { ...row, divisor: Number(row.divisor), setAt: Number(row.setAt) } : null
  }
  return {
    read: () => read(),
    /**
     * Sets it, and answers the one it replaced (null the first time). In turn with any other change, on any instance,
     * so two admins' changes each audit the one they replaced.
     */
    set: (next: RateUnitRow): Promise<RateUnitRow | null> =>
      adapter.serialTransaction(db, async (trx) => {
        const before = await read(trx)
        const values = {
          divisor: next.divisor,
          currency: next.currency,
          set_by_id: next.setById,
          set_by_email: next.setByEmail,
          set_at: next.setAt,
        }
        await trx
          .insertInto('usage_rate_unit')
          .values({ id: ONE_ROW, ...values })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
          .execute()
        return before
      }),
  }
}
