// Projects where the current billing period will end, from the minutes used so
// far and the time elapsed. The API gives no per-day usage, so the only honest
// pace is the average over the days elapsed in this period.

import { formatNumber } from './format'
import { DAY_MS } from './time'
import { formatDateInZone, formatPercent, formatRate, percentOfCommitment } from './usage-format'

/** Fewer elapsed days than this and a pace is noise, not a trend. */
export const MIN_FORECAST_DAYS = 2

/**
 * A projection from this share of the commitment up to all of it lands near the commitment:
 * the only outcome that costs nothing extra. Below it, paid minutes go unused; above, overage.
 */
export const ON_TRACK_FROM_PERCENT = 95

export interface ForecastInput {
  periodStart: string | number | Date
  periodEnd: string | number | Date
  now: string | number | Date
  usedMinutes: number
  committedMinutes: number
}

interface ForecastBase {
  periodStartMs: number
  periodEndMs: number
  nowMs: number
  usedMinutes: number
  committedMinutes: number
  /** Days elapsed in the period, with fractions. */
  elapsedDays: number
  totalDays: number
}

export interface ProjectedForecast extends ForecastBase {
  kind: 'projection'
  /** The average since the period started: usedMinutes / elapsedDays. */
  minutesPerDay: number
  projectedMinutes: number
  /** Minutes over commitment at period end, 0 when under. */
  projectedOverageMinutes: number
  /** Projected share of the commitment; null when nothing was committed. */
  projectedPercent: number | null
  /** Usage has already passed the commitment. */
  alreadyOver: boolean
  /** When the pace crosses the commitment inside this period; null if it does not. */
  crossesCommitmentAtMs: number | null
}

export interface InsufficientForecast extends ForecastBase {
  kind: 'insufficient-data'
  reason: string
}

export type Forecast = ProjectedForecast | InsufficientForecast

function toMs(value: string | number | Date): number {
  if (typeof value === 'number') return value
  return typeof value === 'string' ? Date.parse(value) : value.getTime()
}

export function forecastPeriod(input: ForecastInput): Forecast {
  const periodStartMs = toMs(input.periodStart)
  const periodEndMs = toMs(input.periodEnd)
  const rawNow = toMs(input.now)
  const nowMs = Math.min(Math.max(rawNow, periodStartMs), periodEndMs)
  const totalDays = Math.max(0, (periodEndMs - periodStartMs) / DAY_MS)
  const elapsedDays = (nowMs - periodStartMs) / DAY_MS
  const base: ForecastBase = {
    periodStartMs,
    periodEndMs,
    nowMs,
    usedMinutes: input.usedMinutes,
    committedMinutes: input.committedMinutes,
    elapsedDays,
    totalDays,
  }

  if (!Number.isFinite(totalDays) || totalDays <= 0 || Number.isNaN(elapsedDays)) {
    return { ...base, kind: 'insufficient-data', reason: 'The billing period has no valid start and end dates.' }
  }
  if (elapsedDays < MIN_FORECAST_DAYS) {
    const elapsed = elapsedDays < 1 ? 'less than a day' : 'only one day'
    return {
      ...base,
      kind: 'insufficient-data',
      reason: `This period started ${elapsed} ago. A forecast needs at least ${MIN_FORECAST_DAYS} days of usage.`,
    }
  }

  const minutesPerDay = input.usedMinutes / elapsedDays
  const projectedMinutes = Math.round(minutesPerDay * totalDays)
  const committed = input.committedMinutes
  const projectedOverageMinutes = Math.max(0, projectedMinutes - committed)
  const alreadyOver = input.usedMinutes > committed
  const crossesCommitmentAtMs =
    !alreadyOver && minutesPerDay > 0 && projectedMinutes > committed
      ? periodStartMs + (committed / minutesPerDay) * DAY_MS
      : null

  return {
    ...base,
    kind: 'projection',
    minutesPerDay,
    projectedMinutes,
    projectedOverageMinutes,
    projectedPercent: percentOfCommitment(projectedMinutes, committed),
    alreadyOver,
    crossesCommitmentAtMs,
  }
}

export interface BurnUpPoint {
  /** Milliseconds since the epoch: the chart's x axis. */
  time: number
  /** Where usage would be if it followed the commitment evenly. */
  committedPace: number
  /**
   * The average pace so far, from nothing at the start to the total now. The API
   * gives only the total, so this is a straight line, not measured usage.
   */
  averagePace: number | null
  /** The one measured value: the total so far, at now. */
  usedSoFar: number | null
  projection: number | null
}

/** Start, now and end: the only moments where the cumulative minutes are known or projected. */
export function burnUpSeries(forecast: Forecast): BurnUpPoint[] {
  const { periodStartMs, periodEndMs, nowMs, committedMinutes, usedMinutes } = forecast
  const span = periodEndMs - periodStartMs
  const paceAt = (t: number) => (span > 0 ? Math.round((committedMinutes * (t - periodStartMs)) / span) : 0)
  const projected = forecast.kind === 'projection'
  const points: BurnUpPoint[] = [
    { time: periodStartMs, committedPace: 0, averagePace: projected ? 0 : null, usedSoFar: null, projection: null },
    {
      time: nowMs,
      committedPace: paceAt(nowMs),
      averagePace: projected ? usedMinutes : null,
      usedSoFar: usedMinutes,
      projection: projected ? usedMinutes : null,
    },
  ]
  if (nowMs < periodEndMs) {
    points.push({
      time: periodEndMs,
      committedPace: committedMinutes,
      averagePace: null,
      usedSoFar: null,
      projection: projected ? forecast.projectedMinutes : null,
    })
  }
  return points
}

/**
 * What the projection means for the bill. Both ways of missing the commitment cost money:
 * crossing it (overage) and leaving committed minutes unused (paid for anyway).
 */
export type OutlookTone = 'overage' | 'unused' | 'on-track' | 'no-commitment'

export interface Outlook {
  tone: OutlookTone
  /** The risk that applies, in one sentence a manager acts on; or that the period is on track. */
  headline: string
  /** The other risk, said too: both cost money, so neither goes unmentioned. */
  otherRisk: string
  /** What would change the outcome, when something can. */
  advice: string | null
}

/** The wording of a projection, for a reader in `timeZone`. */
export function projectionOutlook(forecast: ProjectedForecast, timeZone: string): Outlook {
  const { committedMinutes: committed, projectedMinutes: projected, usedMinutes: used } = forecast
  const minutes = (n: number) => `${formatNumber(n)} ${n === 1 ? 'minute' : 'minutes'}`

  if (committed <= 0) {
    return {
      tone: 'no-commitment',
      headline: `No minutes are committed this period: all of the about ${minutes(projected)} projected are beyond a commitment.`,
      otherRisk: 'Nothing committed can go unused.',
      advice: null,
    }
  }
  if (forecast.alreadyOver) {
    return {
      tone: 'overage',
      headline: `The commitment is used up: ${minutes(used - committed)} over so far, about ${minutes(forecast.projectedOverageMinutes)} over by period end at this pace.`,
      otherRisk: 'No committed minutes go unused.',
      advice: null,
    }
  }
  if (forecast.crossesCommitmentAtMs !== null) {
    return {
      tone: 'overage',
      headline: `Overage expected: the commitment runs out around ${formatDateInZone(forecast.crossesCommitmentAtMs, timeZone)}, about ${minutes(forecast.projectedOverageMinutes)} over by period end.`,
      otherRisk: 'No committed minutes would go unused.',
      advice: null,
    }
  }
  const unused = Math.max(0, committed - projected)
  const share = formatPercent((unused / committed) * 100)
  if ((forecast.projectedPercent ?? 0) >= ON_TRACK_FROM_PERCENT) {
    return {
      tone: 'on-track',
      headline: `On track: about ${formatPercent(forecast.projectedPercent ?? 0)} of the committed minutes used by period end.`,
      otherRisk:
        unused > 0
          ? `About ${minutes(unused)} (${share}) would go unused; the commitment is not crossed.`
          : 'None would go unused, and the commitment is not crossed.',
      advice: null,
    }
  }
  // The pace that would use the rest: what it would take, for the manager to judge.
  const daysLeft = forecast.totalDays - forecast.elapsedDays
  return {
    tone: 'unused',
    headline: `About ${formatNumber(unused)} of the ${minutes(committed)} committed (${share}) would go unused. They are paid for anyway.`,
    otherRisk: 'No overage: the commitment is not reached before the period ends.',
    advice:
      daysLeft > 0
        ? `To use them all: about ${formatRate((committed - used) / daysLeft)} minutes a day for the rest of the period, against ${formatRate(forecast.minutesPerDay)} so far.`
        : null,
  }
}
