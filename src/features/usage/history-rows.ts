import type { UsagePeriod } from '@/api/schemas'
import { formatPeriodLabel, percentOfCommitment } from '@/lib/usage-format'

/** A period with what the chart and table both show, computed once. */
export interface HistoryRow extends UsagePeriod {
  label: string
  percent: number | null
  overBy: number
}

/** Keeps the API's order (newest first); the chart reverses it. */
export function toHistoryRows(periods: readonly UsagePeriod[]): HistoryRow[] {
  return periods.map((period) => ({
    ...period,
    label: formatPeriodLabel(period.period_start),
    percent: percentOfCommitment(period.actual_minutes_used, period.committed_minutes),
    overBy: Math.max(0, period.actual_minutes_used - period.committed_minutes),
  }))
}
