// "Projected to cross the commitment before the period ends": the usage page's one projection (periodPace)
// from the index's real daily series, so the alert and the page never disagree.
import { type PaceDay, periodPace } from '../../../../src/api/contract/period-pace'
import type { DayMinutes } from '../../store/alert-rules'
import { dayText, instantText, minutesText } from './alert-words'
import type { PeriodUsage } from './period-usage'

const DAY_MS = 86_400_000

/**
 * The period's UTC days from its start up to the day holding `nowMs`, each with its minutes (0 when no call
 * ended in it): contiguous, as the projection wants. The first and last days are cut to the period.
 */
export function paceDays(usage: PeriodUsage, sums: readonly DayMinutes[], nowMs: number): PaceDay[] {
  const byDay = new Map(sums.map((day) => [day.dayStartMs, day.minutes]))
  const days: PaceDay[] = []
  const until = Math.min(nowMs, usage.periodEndMs)
  for (let dayStart = Math.floor(usage.periodStartMs / DAY_MS) * DAY_MS; dayStart < until; dayStart += DAY_MS)
    days.push({
      fromMs: Math.max(dayStart, usage.periodStartMs),
      toMs: Math.min(dayStart + DAY_MS, usage.periodEndMs),
      minutes: byDay.get(dayStart) ?? 0,
    })
  return days
}

/** The period's pace and projection from its daily minutes: the alert's, and the usage report's (reports/). */
export function paceOf(usage: PeriodUsage, sums: readonly DayMinutes[], nowMs: number) {
  return periodPace({
    days: paceDays(usage, sums, nowMs),
    periodStartMs: usage.periodStartMs,
    periodEndMs: usage.periodEndMs,
    nowMs,
    usedMinutes: usage.usedMinutes,
    committedMinutes: usage.committedMinutes,
  })
}

/** The message when the projection crosses the commitment before the period ends; null otherwise. */
export function checkProjectedOver(usage: PeriodUsage, sums: readonly DayMinutes[], nowMs: number): string | null {
  const pace = paceOf(usage, sums, nowMs)
  // Too early, already over (the usage rules say that), or not crossing within the period.
  if (pace.kind !== 'projection' || pace.alreadyOver || pace.crossesAtMs === null) return null
  if (pace.crossesAtMs >= usage.periodEndMs) return null
  const days = `${pace.windowDays} ${pace.windowDays === 1 ? 'day' : 'days'}`
  return (
    `Minutes are projected to cross the commitment on ${dayText(pace.crossesAtMs)}, before the period ends on ` +
    `${dayText(usage.periodEndMs)}: ${minutesText(usage.usedMinutes)} of ${minutesText(usage.committedMinutes)} ` +
    `minutes used, at ${minutesText(pace.minutesPerDay)} minutes a day (the pace of the last ${days}), ` +
    `about ${minutesText(pace.projectedMinutes)} by the end; on ${instantText(usage.readAtMs)}`
  )
}
