import type { Database } from 'better-sqlite3'

export function createUsageQueries(db: Database) {
  const planned = db.prepare<[string, number], { planned_minutes: number }>(
    'SELECT planned_minutes FROM usage_periods WHERE account_id = ? AND period_start_ms = ?',
  )
  const allPlanned = db.prepare<[string], { period_start_ms: number; planned_minutes: number }>(
    'SELECT period_start_ms, planned_minutes FROM usage_periods WHERE account_id = ?',
  )
  // Calls still in progress are few, and found through the end-time index.
  const unfinished = db.prepare<[string, number], { created_at_ms: number; billed_minutes: number }>(
    `SELECT created_at_ms, billed_minutes FROM calls INDEXED BY calls_by_end
     WHERE account_id = ? AND ended_at_ms > ? AND billed_minutes > 0`,
  )
  return {
    plannedMinutes: (accountId: string, periodStartMs: number) =>
      planned.get(accountId, periodStartMs)?.planned_minutes ?? 0,
    allPlannedMinutes: (accountId: string) => allPlanned.all(accountId),
    unfinishedCalls: (accountId: string, now: number) => unfinished.all(accountId, now),
  }
}
