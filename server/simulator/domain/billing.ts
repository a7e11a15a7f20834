// Billing periods are UTC calendar months; a call counts in the period in which it was created.

export function periodStartOf(ms: number): number {
  const date = new Date(ms)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
}

export function addMonths(periodStartMs: number, months: number): number {
  const date = new Date(periodStartMs)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)
}

export function periodEndOf(periodStartMs: number): number {
  return addMonths(periodStartMs, 1)
}

/** Period starts from the one holding `fromMs` up to the one holding `toMs`, newest first. */
export function periodsBetween(fromMs: number, toMs: number): number[] {
  const periods: number[] = []
  const first = periodStartOf(fromMs)
  for (let start = periodStartOf(toMs); start >= first; start = addMonths(start, -1)) periods.push(start)
  return periods
}

export interface UsageFigures {
  committed_minutes: number
  actual_minutes_used: number
  remaining_minutes: number
  overage_minutes: number
  usage_percent: number
}

export function usageFigures(committed: number, used: number): UsageFigures {
  return {
    committed_minutes: committed,
    actual_minutes_used: used,
    remaining_minutes: Math.max(0, committed - used),
    overage_minutes: Math.max(0, used - committed),
    usage_percent: committed > 0 ? Math.round((used / committed) * 10_000) / 100 : 0,
  }
}

export function billedMinutes(outcome: 'DIALER_COMPLETED' | 'DIALER_FAILED', durationSeconds: number): number {
  return outcome === 'DIALER_COMPLETED' ? Math.ceil(durationSeconds / 60) : 0
}
