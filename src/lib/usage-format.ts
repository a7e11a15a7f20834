// Formatting for the usage and caller-ID pages. The dashboard is written in
// English, so numbers and dates use en-US rather than the machine's locale.
import { formatNumber, pluralize } from './format'
import { DAY_MS } from './time'
import { dateFormatIn, zoneAbbreviation } from './time-zone'

const LOCALE = 'en-US'

/** "482913" -> "482 913": groups of three, never leaving a lone digit at the end. */
export function groupDigits(code: string): string {
  const digits = code.replace(/\s+/g, '')
  if (digits.length <= 4) return digits
  const groups: string[] = []
  let rest = digits
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3))
    rest = rest.slice(3)
  }
  if (rest.length === 4) groups.push(rest.slice(0, 2), rest.slice(2))
  else groups.push(rest)
  return groups.join(' ')
}

export function formatMinutes(minutes: number): string {
  return `${formatNumber(minutes)} min`
}

const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 })

/** A pace such as minutes a day: one decimal, so a slow pace does not read as 0. */
export function formatRate(value: number): string {
  return oneDecimal.format(value)
}

// Where a whole percent would hide which side of a line the usage is on: nothing used,
// the meter's warning level, the commitment itself.
const PERCENT_LINES = [0, 80, 100]

/**
 * "42%", "99.5%", "100.4%": whole percents, with one decimal only where rounding would land
 * on 0, 80 or 100 without being there (79.6 is not yet 80, 100.2 is already over).
 */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '—'
  const whole = Math.round(percent)
  const line = PERCENT_LINES.find((l) => whole === l && percent !== l)
  if (line === undefined) return `${formatNumber(whole)}%`
  if (line === 0 && percent > 0 && percent < 0.05) return '<0.1%'
  let tenth = Math.round(percent * 10) / 10
  // Still on the line with one decimal: a tenth to the side the value is on.
  if (tenth === line) tenth = percent < line ? line - 0.1 : line + 0.1
  return `${oneDecimal.format(tenth)}%`
}

/** Share of a commitment with two decimals, as the API computes usage_percent; null when nothing was committed. */
export function percentOfCommitment(used: number, committed: number): number | null {
  if (committed <= 0) return null
  return Math.round((used / committed) * 10_000) / 100
}

export type UsageLevel = 'normal' | 'warning' | 'over'

/** The meter turns amber at 80% and red at 100% of the commitment. */
export function usageLevel(percent: number | null): UsageLevel {
  if (percent === null) return 'normal'
  if (percent >= 100) return 'over'
  if (percent >= 80) return 'warning'
  return 'normal'
}

// Billing periods are instants; each person reads them in the zone they chose (see time-zone.ts),
// with the same 24-hour clock as the rest of the dashboard (time.ts).
const toMs = (instant: string | number) => (typeof instant === 'number' ? instant : Date.parse(instant))
const DAY = { month: 'short', day: 'numeric', year: 'numeric' } as const

/** A day in the zone, e.g. "Nov 1, 2026". */
export function formatDate(instant: string | number, timeZone: string): string {
  const ms = toMs(instant)
  return Number.isNaN(ms) ? String(instant) : dateFormatIn(timeZone, DAY).format(ms)
}

/** A day that says its zone: "Nov 26, 2026 (UTC)". */
export function formatDateInZone(instant: string | number, timeZone: string): string {
  return `${formatDate(instant, timeZone)} (${zoneAbbreviation(timeZone, toMs(instant))})`
}

/**
 * A period on a chart axis: "Nov 2026". The month holding the middle of the period in the
 * zone, so a UTC month read in Los Angeles (from Oct 31, 17:00) is still November.
 */
export function formatPeriodLabel(start: string | number, end: string | number, timeZone: string): string {
  const middle = (toMs(start) + toMs(end)) / 2
  return Number.isNaN(middle)
    ? String(start)
    : dateFormatIn(timeZone, { month: 'short', year: 'numeric' }).format(middle)
}

const INSTANT = { ...DAY, hour: '2-digit', minute: '2-digit' } as const

export interface PeriodParts {
  first: string
  last: string
  /** The zone to name after both bounds; null when they differ (a clock change inside the period) and each names its own. */
  zone: string | null
}

/**
 * The page's one way to write a billing period: the service's own instants, from-inclusive and
 * to-exclusive, on the reader's clock, "Dec 1, 2026, 01:00" and "Jan 1, 2027, 01:00", with the zone
 * named once ("GMT+1"), or after each bound when summer time begins or ends inside the period.
 */
export function formatPeriodParts(start: string, end: string, timeZone: string): PeriodParts {
  const startMs = Date.parse(start)
  const endMs = Date.parse(end)
  if (Number.isNaN(startMs) || Number.isNaN(endMs)) return { first: start, last: end, zone: null }
  const instant = (ms: number) => dateFormatIn(timeZone, INSTANT).format(ms)
  const startZone = zoneAbbreviation(timeZone, startMs)
  const endZone = zoneAbbreviation(timeZone, endMs)
  if (startZone === endZone) return { first: instant(startMs), last: instant(endMs), zone: startZone }
  return { first: `${instant(startMs)} ${startZone}`, last: `${instant(endMs)} ${endZone}`, zone: null }
}

/** "Dec 1, 2026, 01:00 – Jan 1, 2027, 01:00 (GMT+1)": see formatPeriodParts. */
export function formatPeriod(start: string, end: string, timeZone: string): string {
  const { first, last, zone } = formatPeriodParts(start, end, timeZone)
  return `${first} – ${last}${zone ? ` (${zone})` : ''}`
}

/** What a period's hover says: the same period in UTC, as the service counts it. */
export const periodInUtcText = (start: string, end: string) =>
  `In UTC, as the service counts it: ${formatPeriod(start, end, 'UTC')}`

/** Whole days until the end, rounded up so the last afternoon still counts as one day. */
export function daysLeft(end: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(end) - now) / DAY_MS))
}

/** "0:07", "12:30", "1:02:03": elapsed time of a verification. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** "10 minutes", "90 seconds": how long a wait lasts, in words. */
export function formatWait(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds >= 60 && seconds % 60 === 0) return pluralize(seconds / 60, 'minute')
  return pluralize(seconds, 'second')
}
