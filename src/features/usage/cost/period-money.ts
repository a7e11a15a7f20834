// The current period in money: what it has cost, where the minutes' own projection takes it, and what the
// committed minutes are worth. The projection is the pacing card's (periodPace): one pace, in minutes and in money.
import type { Pace } from '@/api/contract/period-pace'
import { costOf, type MoneyUnit } from './money'

export interface PeriodMoney {
  soFar: number
  /** Null while it is too early to project (the pacing card says why). */
  projected: number | null
  /** The minutes the projection ends at, as the pacing card rounds them. */
  projectedMinutes: number | null
  committedValue: number
}

export function periodMoney(
  period: { usedMinutes: number; committedMinutes: number; pace: Pace | null },
  rate: number,
  unit: MoneyUnit,
): PeriodMoney {
  const projectedMinutes = period.pace?.kind === 'projection' ? Math.round(period.pace.projectedMinutes) : null
  return {
    soFar: costOf(period.usedMinutes, rate, unit),
    projected: projectedMinutes === null ? null : costOf(projectedMinutes, rate, unit),
    projectedMinutes,
    committedValue: costOf(period.committedMinutes, rate, unit),
  }
}
