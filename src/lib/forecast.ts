// Projects where the current billing period will end, from the minutes used so
// far and the time elapsed. The API gives no per-day usage, so the only honest
// pace is the average over the days elapsed in this period.
import { DAY_MS } from './time'
import { percentOfCommitment } from './usage-format'

/** Fewer elapsed days than this and a pace is noise, not a trend. */
export const MIN_FORECAST_DAYS = 2

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
