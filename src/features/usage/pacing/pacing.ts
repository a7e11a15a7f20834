// The current period's pace from its real daily series (periodPace: the one projection, which the
// console's alert rule fires on too), and what the page says and draws of it.
import { type Pace, periodPace } from '@/api/contract/period-pace'
import type { UsageDaysResponse } from '@/api/contract/usage-breakdown-schemas'
import { pluralize } from '@/lib/format'
import { DAY_MS } from '@/lib/time'
import { dateFormatIn } from '@/lib/time-zone'
import { formatRate } from '@/lib/usage-format'
import type { CompleteUsage } from '../usage-given'

export type Projection = Extract<Pace, { kind: 'projection' }>

export function paceOfPeriod(usage: CompleteUsage, days: Pick<UsageDaysResponse, 'days'>, nowMs: number): Pace {
  return periodPace({
    days: days.days.map((day) => ({ fromMs: Date.parse(day.from), toMs: Date.parse(day.to), minutes: day.minutes })),
    periodStartMs: Date.parse(usage.period_start),
    periodEndMs: Date.parse(usage.period_end),
    nowMs,
    usedMinutes: usage.actual_minutes_used,
    committedMinutes: usage.committed_minutes,
  })
}

const DAY_MONTH = { day: 'numeric', month: 'short' } as const
const DAY_ONLY = { day: 'numeric' } as const

/** "12–18 Nov", or "28 Oct – 3 Nov": whole days from `fromMs` up to `toMs` (exclusive), in the zone. */
export function formatDayRange(fromMs: number, toMs: number, timeZone: string): string {
  const lastMs = Math.max(fromMs, toMs - 1)
  const month = (ms: number) => dateFormatIn(timeZone, { month: 'short', year: 'numeric' }).format(ms)
  const dayMonth = (ms: number) => {
    const part: Record<string, string> = {}
    for (const { type, value } of dateFormatIn(timeZone, DAY_MONTH).formatToParts(ms)) part[type] = value
    return `${part.day} ${part.month}`
  }
  if (month(fromMs) !== month(lastMs)) return `${dayMonth(fromMs)} – ${dayMonth(lastMs)}`
  const first = dateFormatIn(timeZone, DAY_ONLY).format(fromMs)
  return first === dateFormatIn(timeZone, DAY_ONLY).format(lastMs) ? dayMonth(lastMs) : `${first}–${dayMonth(lastMs)}`
}

/** "At the pace of the last 7 days, 12–18 Nov: 310 minutes a day." */
export function paceAssumption(pace: Projection, timeZone: string): string {
  const days = pace.windowDays === 1 ? 'the last day' : `the last ${pluralize(pace.windowDays, 'day')}`
  return `At the pace of ${days}, ${formatDayRange(pace.windowFromMs, pace.windowToMs, timeZone)}: ${formatRate(pace.minutesPerDay)} minutes a day.`
}

export interface BurnUpPoint {
  /** Milliseconds since the epoch: the chart's x axis. */
  time: number
  /** Where usage would be if it followed the commitment evenly. */
  committedPace: number
  /** The index's minutes up to the end of each day so far (and up to now): measured, day by day. */
  used: number | null
  /** From the service's total now to where the pace ends up. */
  projection: number | null
}

/**
 * The burn-up's points: the start, the end of each day up to now with the minutes so far, now, and the
 * period's end with the projection. The projection starts from the service's total, as periodPace does.
 */
export function burnUpPoints(
  usage: CompleteUsage,
  days: Pick<UsageDaysResponse, 'days'>,
  pace: Pace,
  nowMs: number,
): BurnUpPoint[] {
  const startMs = Date.parse(usage.period_start)
  const endMs = Date.parse(usage.period_end)
  const now = Math.min(Math.max(nowMs, startMs), endMs)
  const span = endMs - startMs
  const committedAt = (t: number) =>
    span > 0 ? Math.round((usage.committed_minutes * (t - startMs)) / span) : usage.committed_minutes
  const points: BurnUpPoint[] = [{ time: startMs, committedPace: 0, used: 0, projection: null }]
  let sum = 0
  for (const day of days.days) {
    const toMs = Date.parse(day.to)
    sum += day.minutes
    if (toMs < now) points.push({ time: toMs, committedPace: committedAt(toMs), used: sum, projection: null })
  }
  const projected = pace.kind === 'projection'
  points.push({
    time: now,
    committedPace: committedAt(now),
    used: sum,
    projection: projected ? usage.actual_minutes_used : null,
  })
  if (now < endMs)
    points.push({
      time: endMs,
      committedPace: usage.committed_minutes,
      used: null,
      projection: projected ? Math.round(pace.projectedMinutes) : null,
    })
  return points
}

/** Days from `nowMs` to the period's end, with fractions. */
export const daysLeftIn = (periodEnd: string, nowMs: number) => Math.max(0, (Date.parse(periodEnd) - nowMs) / DAY_MS)
