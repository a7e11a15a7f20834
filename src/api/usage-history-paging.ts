// Usage history's pages end where the service repeats itself. The spec does not name the history's cursor
// parameter: a service that calls it something else than `cursor` ignores ours and answers the first page on
// every "Load more", with the same next_cursor, for ever. As the calls list stops on a cursor it has already
// followed (lib/cursor-trail.ts), the history stops on a cursor already asked for, or a page of periods all shown.
import { nextCursorOf } from './contract/next-cursor'
import type { UsagePeriod } from './contract/schemas'

interface HistoryPage {
  periods: UsagePeriod[]
  next_cursor?: string | null
}

export type HistoryRepeat = 'cursor' | 'page'

/** Why the pages stop although the service names a next one: it repeated a cursor or a page. Null if it did not. */
export function historyRepeat(pages: readonly HistoryPage[], pageParams: readonly unknown[]): HistoryRepeat | null {
  const last = pages.at(-1)
  const next = last ? nextCursorOf(last) : null
  if (next === null) return null
  if (pageParams.includes(next)) return 'cursor'
  // A page of periods all shown before adds none to the distinct ones.
  const earlier = pages.slice(0, -1)
  if (earlier.length > 0 && last?.periods.length && distinctPeriods(pages).length === distinctPeriods(earlier).length) {
    return 'page'
  }
  return null
}

/** The periods of every page, each once (a repeated page adds nothing). */
export function distinctPeriods(pages: readonly HistoryPage[]): UsagePeriod[] {
  const seen = new Set<string>()
  return pages
    .flatMap((page) => page.periods)
    .filter((period) => {
      const key = periodKey(period)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

// A period is its dates; one without them is told apart by all it holds.
const periodKey = (period: UsagePeriod) =>
  period.period_start ? `${period.period_start}/${period.period_end ?? ''}` : JSON.stringify(period)
