// The current period as the voice service's GET /usage describes it: what every rule is checked against.
import type { UsageSummary } from '../../../../src/api/contract/schemas'

export interface PeriodUsage {
  periodStartMs: number
  periodEndMs: number
  committedMinutes: number
  usedMinutes: number
  /** When the console read it: the instant a message names. */
  readAtMs: number
}

// The service's clock and ours may differ a little at a period's turn: within this, its period is the present one.
const CLOCK_MARGIN_MS = 60 * 60_000

/**
 * The summary's numbers, or why the rules cannot be checked with it: a field missing (the spec lets each be
 * null), or a period that does not hold the present (a firing is once per period: a made-up period would fire
 * every rule again).
 */
export function periodUsageOf(summary: UsageSummary, readAtMs: number): PeriodUsage | { unusable: string } {
  const periodStartMs = summary.period_start ? Date.parse(summary.period_start) : Number.NaN
  const periodEndMs = summary.period_end ? Date.parse(summary.period_end) : Number.NaN
  if (Number.isNaN(periodStartMs)) return { unusable: 'it has no period_start' }
  if (Number.isNaN(periodEndMs) || periodEndMs <= periodStartMs)
    return { unusable: 'it has no period_end after period_start' }
  if (readAtMs < periodStartMs - CLOCK_MARGIN_MS || readAtMs >= periodEndMs + CLOCK_MARGIN_MS)
    return { unusable: `its period (${summary.period_start} to ${summary.period_end}) is not the present one` }
  if (summary.committed_minutes == null) return { unusable: 'it has no committed_minutes' }
  if (summary.actual_minutes_used == null) return { unusable: 'it has no actual_minutes_used' }
  return {
    periodStartMs,
    periodEndMs,
    committedMinutes: summary.committed_minutes,
    usedMinutes: summary.actual_minutes_used,
    readAtMs,
  }
}
