// The current period as the voice service's GET /usage describes it: what every rule is checked against.
import type { UsageSummary } from '../../../../src/api/schemas'

export interface PeriodUsage {
  periodStartMs: number
  periodEndMs: number
  committedMinutes: number
  usedMinutes: number
  /** When the console read it: the instant a message names. */
  readAtMs: number
}

/** The summary's numbers, or why the rules cannot be checked with it (the spec lets each field be null). */
export function periodUsageOf(summary: UsageSummary, readAtMs: number): PeriodUsage | { missing: string } {
  const periodStartMs = summary.period_start ? Date.parse(summary.period_start) : Number.NaN
  const periodEndMs = summary.period_end ? Date.parse(summary.period_end) : Number.NaN
  if (Number.isNaN(periodStartMs)) return { missing: 'period_start' }
  if (Number.isNaN(periodEndMs) || periodEndMs <= periodStartMs) return { missing: 'period_end' }
  if (summary.committed_minutes == null) return { missing: 'committed_minutes' }
  if (summary.actual_minutes_used == null) return { missing: 'actual_minutes_used' }
  return {
    periodStartMs,
    periodEndMs,
    committedMinutes: summary.committed_minutes,
    usedMinutes: summary.actual_minutes_used,
    readAtMs,
  }
}
