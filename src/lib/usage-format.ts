// Formatting for the usage and caller-ID pages. The dashboard is written in
// English, so numbers and dates use en-US rather than the machine's locale.
import { pluralize } from './format'
import { DAY_MS } from './time'

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

const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })

export function formatMinutes(minutes: number): string {
  return `${integer.format(minutes)} min`
}

export function formatNumber(value: number): string {
  return integer.format(value)
}

const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 })

/** A pace such as minutes a day: one decimal, so a slow pace does not read as 0. */
export function formatRate(value: number): string {
  return oneDecimal.format(value)
}

/** Two decimals, as the API reports usage_percent. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(2)}%`
}

/** Share of a commitment with two decimals; null when nothing was committed. */
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

// Billing periods start and end on UTC boundaries; the local zone could shift them a day.
const periodDate = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
const monthDay = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' })
const shortPeriodDate = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: '2-digit', timeZone: 'UTC' })
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' })

/** A date of a billing period or contract, e.g. "Nov 1, 2026". */
export function formatDate(iso: string | number): string {
  return periodDate.format(new Date(iso))
}

/** The short label of a period on a chart axis, e.g. "Nov 26". */
export function formatPeriodLabel(iso: string | number): string {
  return shortPeriodDate.format(new Date(iso))
}

/** A moment in the reader's own time zone, e.g. "Nov 22, 2026, 3:10 AM". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso))
}

/**
 * The first and last day of a period, e.g. "Nov 1" and "Nov 30, 2026". The API's
 * period_end is exclusive (the next period's start), so the last day is the one
 * before it; the start keeps its year only when the period spans two years.
 */
export function formatPeriodParts(start: string, end: string): { first: string; last: string } {
  const lastMs = Math.max(Date.parse(start), Date.parse(end) - 1)
  const sameYear = new Date(start).getUTCFullYear() === new Date(lastMs).getUTCFullYear()
  return { first: sameYear ? monthDay.format(new Date(start)) : formatDate(start), last: formatDate(lastMs) }
}

/** "Nov 1 – Nov 30, 2026" for the period from 2026-11-01 to 2026-12-01 (exclusive). */
export function formatPeriod(start: string, end: string): string {
  const { first, last } = formatPeriodParts(start, end)
  return `${first} – ${last}`
}

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
