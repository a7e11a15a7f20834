import { formatPeriodLabel, percentOfCommitment } from '@/lib/usage-format'
import type { CompletePeriod } from './usage-given'

/** The contract's status of the current period: its minutes are still growing. */
const CURRENT_PERIOD = 'DIALER_ACTIVE'

/** A period with what the chart, the table and the cards all show, computed once. */
export type HistoryRow = CompletePeriod & {
  /** "Nov 2026", in the reader's zone. */
  label: string
  percent: number | null
  overBy: number
  /** The current period: its total so far is not a finished month's, so it must not read as a drop. */
  inProgress: boolean
}

/** Keeps the API's order (newest first); the chart reverses it. */
export function toHistoryRows(periods: readonly CompletePeriod[], timeZone: string): HistoryRow[] {
  return periods.map((period) => ({
    ...period,
    label: formatPeriodLabel(period.period_start, period.period_end, timeZone),
    percent: percentOfCommitment(period.actual_minutes_used, period.committed_minutes),
    overBy: Math.max(0, period.actual_minutes_used - period.committed_minutes),
    inProgress: period.status === CURRENT_PERIOD,
  }))
}
