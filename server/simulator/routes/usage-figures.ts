import type { AccountRow } from '../db/account-queries'
import type { Queries } from '../db/queries'
import { periodStartOf } from '../domain/billing'
import { usedMinutesByPeriod } from '../domain/usage'

/** Minutes used in the current period: one aggregate row and the few calls still in progress. */
export function currentUsedMinutes(queries: Queries, account: AccountRow, now: number): number {
  const period = periodStartOf(now)
  const planned = queries.usage.plannedMinutes(account.id, period)
  const unfinished = queries.usage.unfinishedCalls(account.id, now)
  const used = usedMinutesByPeriod([{ period_start_ms: period, planned_minutes: planned }], unfinished)
  return Math.max(0, used.get(period) ?? 0)
}
