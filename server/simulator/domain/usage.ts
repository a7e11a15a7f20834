import { periodStartOf } from './billing'

export interface UnfinishedCall {
  created_at_ms: number
  billed_minutes: number
}

/**
 * Minutes used per period at `now`: the planned minutes added at creation, minus those of
 * calls that have not ended yet (they count once they end).
 */
export function usedMinutesByPeriod(
  planned: readonly { period_start_ms: number; planned_minutes: number }[],
  unfinished: readonly UnfinishedCall[],
): Map<number, number> {
  const used = new Map<number, number>()
  for (const row of planned) used.set(row.period_start_ms, row.planned_minutes)
  for (const call of unfinished) {
    const period = periodStartOf(call.created_at_ms)
    used.set(period, (used.get(period) ?? 0) - call.billed_minutes)
  }
  return used
}
