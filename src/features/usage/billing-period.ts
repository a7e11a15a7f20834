// Which billing period the page shows: the current one (no `period` in the URL) or a past one,
// named by its period_start. Its instants are the service's own, never rebuilt from a calendar.
import type { UsagePeriod, UsageSummary } from '@/api/contract/schemas'
import { isReadablePeriod, PERIOD_DAYS_MAX } from '@/api/contract/usage-breakdown-schemas'
import { formatPeriod } from '@/lib/usage-format'

interface ChosenPeriod {
  /** The service's period_start and period_end: from-inclusive, to-exclusive. */
  from: string
  to: string
  current: boolean
  /** The service's actual_minutes_used for the period; null when it did not give it. */
  serviceMinutes: number | null
}

type PeriodResolution =
  | { kind: 'resolved'; period: ChosenPeriod }
  /** The period is in none of the pages read so far: read older ones, or say it is unknown. */
  | { kind: 'not-found' }
  /** The service gave the current period without its dates. */
  | { kind: 'no-dates' }
  /** The service gave a period the console cannot read: its end not after its start, or longer than PERIOD_DAYS_MAX. */
  | { kind: 'unreadable'; from: string; to: string }

const sameInstant = (a: string | null | undefined, b: string) => !!a && Date.parse(a) === Date.parse(b)

export function resolvePeriod(
  param: string | undefined,
  usage: UsageSummary,
  history: readonly UsagePeriod[],
): PeriodResolution {
  const current = usage.period_start && usage.period_end ? { from: usage.period_start, to: usage.period_end } : null
  if (param === undefined || (current && sameInstant(current.from, param))) {
    if (!current) return { kind: 'no-dates' }
    if (!isReadablePeriod(current.from, current.to)) return { kind: 'unreadable', ...current }
    return {
      kind: 'resolved',
      period: { ...current, current: true, serviceMinutes: usage.actual_minutes_used ?? null },
    }
  }
  const past = history.find((period) => sameInstant(period.period_start, param))
  if (!past?.period_start || !past.period_end) return { kind: 'not-found' }
  if (!isReadablePeriod(past.period_start, past.period_end))
    return { kind: 'unreadable', from: past.period_start, to: past.period_end }
  return {
    kind: 'resolved',
    period: {
      from: past.period_start,
      to: past.period_end,
      current: false,
      serviceMinutes: past.actual_minutes_used ?? null,
    },
  }
}

/** Why a period is not broken down, when the service's answer is the reason: a note, not an error of the page. */
export function unbrokenPeriodText(
  resolution: { kind: 'no-dates' } | { kind: 'unreadable'; from: string; to: string },
  timeZone: string,
) {
  return resolution.kind === 'no-dates'
    ? 'The service gave the current period without its start and end, so it cannot be broken down.'
    : `The service gave this period as ${formatPeriod(resolution.from, resolution.to, timeZone)}; the console breaks down periods that end after they start, within ${PERIOD_DAYS_MAX} days.`
}
