// The words and numbers a report is written in, for its HTML, its text and its CSV alike. Text that comes from the
// service or from people (names, caller IDs, metadata) passes through safeText first: bidirectional overrides,
// zero-width and control characters are shown as tokens, as the dashboard shows them, so that no name can reorder
// or hide what the email says.
import { HIDDEN, hiddenToken } from '../../../src/api/contract/hidden-characters'
import type { ReportFrequency } from '../../../src/api/contract/report-subscription-schemas'
import type { ReportPeriod } from './report-periods'

/** A value from the service or a person on one line, each hidden character shown as its token (⟨U+202E⟩). */
export const safeText = (text: string): string =>
  text.replace(/[\r\n\t]+/g, ' ').replace(HIDDEN, (found) => hiddenToken(found.codePointAt(0) ?? 0))

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** 12,345 */
export const numberText = (value: number): string => numbers.format(value)

export const percentText = (part: number, whole: number): string =>
  whole > 0 ? `${numbers.format(Math.round((part / whole) * 1000) / 10)}%` : '–'

const dateIn = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, ...options })

/** "Tuesday 3 November 2026", "26 October – 1 November 2026", "October 2026", and the zone. */
export function periodText(frequency: ReportFrequency, timeZone: string, period: ReportPeriod): string {
  // The end is the next period's first instant: its last day is the one before.
  const lastDay = period.endMs - 1
  if (frequency === 'daily')
    return `${dateIn(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(period.startMs)} (${timeZone})`
  if (frequency === 'monthly')
    return `${dateIn(timeZone, { month: 'long', year: 'numeric' }).format(period.startMs)} (${timeZone})`
  const long = dateIn(timeZone, { day: 'numeric', month: 'long', year: 'numeric' })
  return `${dateIn(timeZone, { day: 'numeric', month: 'long' }).format(period.startMs)} – ${long.format(lastDay)} (${timeZone})`
}

/** A day in the zone: "1 December 2026". */
export const dayText = (timeZone: string, ms: number): string =>
  dateIn(timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(ms)

/** The service's instants in the reader's zone: "1 December 2026, 01:00". */
export const instantText = (timeZone: string, ms: number): string =>
  dateIn(timeZone, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms)
