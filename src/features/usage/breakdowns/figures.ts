// The rows the charts and tables of the breakdowns share, so both always show the same numbers.
import type { BreakdownResponse, CallFigures, UsageDay } from '@/api/contract/usage-breakdown-schemas'
import { formatDuration, formatNumber } from '@/lib/format'
import { revealHidden } from '@/lib/hidden-characters'
import { dateFormatIn } from '@/lib/time-zone'
import { formatPercent } from '@/lib/usage-format'

export interface FigureRow extends CallFigures {
  /** Stable key: a date, a value, OTHER_KEY or NONE_KEY. */
  key: string
  label: string
}

/** "82%", or a dash when no call of the row has ended. */
export const formatAnswerRate = (rate: number | null) => (rate === null ? '—' : formatPercent(rate * 100))

/** "1:23" (m:ss), or a dash without completed calls. */
export const formatAverageDuration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds))

/** What a chart's bar says to a screen reader and a test: "Nov 3: 42 minutes". */
export const barText = (row: Pick<FigureRow, 'label' | 'minutes'>) =>
  `${row.label}: ${formatNumber(row.minutes)} ${row.minutes === 1 ? 'minute' : 'minutes'}`

const DAY_LABEL = { weekday: 'short', month: 'short', day: 'numeric' } as const

/** "Tue, Nov 3": a date of the zone the server was asked for (already a calendar date, so read as UTC). */
function formatDayLabel(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`)
  return Number.isNaN(ms) ? date : dateFormatIn('UTC', DAY_LABEL).format(ms)
}

export function dayRows(days: readonly UsageDay[]): FigureRow[] {
  return days.map(({ date, from: _from, to: _to, ...figures }) => ({
    ...figures,
    key: date,
    label: formatDayLabel(date),
  }))
}

/** The key of the "Other" row, which adds up the values past BREAKDOWN_ROWS_MAX. */
export const OTHER_KEY = '(other)'
/** The key of the row of calls without the metadata key. */
const NONE_KEY = '(none)'

export function breakdownRows(breakdown: Pick<BreakdownResponse, 'rows' | 'truncated'>): FigureRow[] {
  const last = breakdown.rows.length - 1
  return breakdown.rows.map(({ value, label, ...figures }, index) => ({
    ...figures,
    // A null value is "Other" when last of a truncated list, and "without the key" otherwise.
    key: value ?? (breakdown.truncated && index === last ? OTHER_KEY : NONE_KEY),
    // A metadata value or a person's name goes into the chart's SVG text and the table as plain text: its
    // invisible and reordering characters shown as tokens (⟨U+202E⟩), never drawn.
    label: revealHidden(label),
  }))
}
