// The current period's days after today have no calls yet: the daily table says so in one line
// instead of listing them as rows of zeros before the breakdowns.
import type { UsageDay } from '@/api/contract/usage-breakdown-schemas'
import { pluralize } from '@/lib/format'
import { dateFormatIn } from '@/lib/time-zone'

export interface DaysToCome {
  count: number
  /** "26 days to come, Jan 1 – Jan 26". */
  text: string
}

const DAY_MONTH = { month: 'short', day: 'numeric' } as const
// A day's date is already a calendar date of the asked zone, so it is read as UTC.
const dayMonth = (date: string) => {
  const ms = Date.parse(`${date}T00:00:00Z`)
  return Number.isNaN(ms) ? date : dateFormatIn('UTC', DAY_MONTH).format(ms)
}

/**
 * Splits the days into those shown one by one and the run at the end that begins after `nowMs` with no
 * call: a day with a call (a clock that runs ahead, a call scheduled early) is never folded away.
 */
export function foldDaysToCome(
  days: readonly UsageDay[],
  nowMs: number,
): { shown: readonly UsageDay[]; toCome: DaysToCome | null } {
  let cut = days.length
  while (cut > 0) {
    const day = days[cut - 1]
    if (!day || day.calls > 0 || Date.parse(day.from) <= nowMs) break
    cut -= 1
  }
  const folded = days.slice(cut)
  const first = folded[0]
  const last = folded[folded.length - 1]
  if (!first || !last) return { shown: days, toCome: null }
  const span = first === last ? dayMonth(first.date) : `${dayMonth(first.date)} – ${dayMonth(last.date)}`
  return {
    shown: days.slice(0, cut),
    toCome: { count: folded.length, text: `${pluralize(folded.length, 'day')} to come, ${span}` },
  }
}
