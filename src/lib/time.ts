// Time helpers that take the clock as an argument, so they are pure and testable.
import { dateFormatIn, dateInZone } from './time-zone'

export const DAY_MS = 86_400_000

const relativeFormats = new Map<string | undefined, Intl.RelativeTimeFormat>()
/** One formatter per locale: a list's every row asks, and building one is costly (dateFormatIn caches alike). */
function relativeFormatIn(locale: string | undefined): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relativeFormats.set(locale, format)
  }
  return format
}

/**
 * "5 minutes ago", "3 hours ago", "yesterday", "2 days ago", "in 10 minutes", "now": for created_at columns.
 * Within the hour it counts seconds and minutes; past it, calendar days in the viewer's zone, as the Yesterday
 * filter does: a call on Dec 4 at 22:37 reads "2 days ago" on Dec 6 at 05:50, and "3 hours ago" only on its own day.
 */
export function formatRelative(iso: string, now: number, timeZone: string, locale?: string): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return iso
  const seconds = Math.round((then - now) / 1000)
  const abs = Math.abs(seconds)
  const format = relativeFormatIn(locale)
  if (abs < 5) return format.format(0, 'second')
  if (abs < 60) return format.format(seconds, 'second')
  if (abs < 3600) return format.format(Math.trunc(seconds / 60), 'minute')
  // The calendar only past the hour: reading a day in a zone is the costly part of a list's every row.
  const day = dateInZone(then, timeZone)
  const today = dateInZone(now, timeZone)
  if (day === today) return format.format(Math.trunc(seconds / 3600), 'hour')
  // Both days read as UTC dates: whole days apart, whatever DST did between them.
  const days = Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS)
  if (Math.abs(days) < 30) return format.format(days, 'day')
  // Calendar months: Dec 31 to Jan 1 is one.
  const months = (+day.slice(0, 4) - +today.slice(0, 4)) * 12 + +day.slice(5, 7) - +today.slice(5, 7)
  return Math.abs(months) < 12 ? format.format(months, 'month') : format.format(Math.trunc(months / 12), 'year')
}

// Exact times in a zone the caller passes (the person's choice, see time-zone.ts).
const valid = (iso: string) => !Number.isNaN(Date.parse(iso))
/** The year of an instant in the zone, as text ("2026"). */
const yearIn = (ms: number, timeZone: string) => dateFormatIn(timeZone, { year: 'numeric' }).format(ms)

/** "Nov 19, 14:32" for tables; the year joins when it is not this year in the zone: "Dec 31, 2025, 23:59". */
export function formatCompact(iso: string, timeZone: string, now: number): string {
  if (!valid(iso)) return iso
  const thisYear = yearIn(Date.parse(iso), timeZone) === yearIn(now, timeZone)
  const options: Intl.DateTimeFormatOptions = thisYear
    ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
    : { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' }
  return dateFormatIn(timeZone, options).format(Date.parse(iso))
}

/** Every part, with the zone: "Thu, Nov 19, 2026, 14:32:05 PST". */
export function formatFull(iso: string, timeZone: string): string {
  if (!valid(iso)) return iso
  return dateFormatIn(timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(Date.parse(iso))
}

/** "Nov 19, 2026": a day, for period bounds and dates without a time. */
export function formatDay(iso: string, timeZone: string): string {
  if (!valid(iso)) return iso
  return dateFormatIn(timeZone, { month: 'short', day: 'numeric', year: 'numeric' }).format(Date.parse(iso))
}

/** A clock time to the second, with the day in front when it is not today in the zone: "Nov 18, 23:59:58". */
export function formatStepTime(iso: string, timeZone: string, now: number): string {
  if (!valid(iso)) return iso
  const ms = Date.parse(iso)
  const clock = dateFormatIn(timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms)
  const day = dateFormatIn(timeZone, { month: 'short', day: 'numeric', year: 'numeric' })
  if (day.format(ms) === day.format(now)) return clock
  const thisYear = yearIn(ms, timeZone) === yearIn(now, timeZone)
  const date = thisYear ? dateFormatIn(timeZone, { month: 'short', day: 'numeric' }).format(ms) : day.format(ms)
  return `${date}, ${clock}`
}

/** Whole seconds from `since` (epoch ms or ISO) to `now`, never negative. */
export function secondsSince(since: number | string, now: number): number {
  const start = typeof since === 'number' ? since : Date.parse(since)
  if (Number.isNaN(start)) return 0
  return Math.max(0, Math.floor((now - start) / 1000))
}

/** "Updated 3 s ago" style text for data that refreshes itself. */
export function formatUpdatedAgo(updatedAt: number, now: number): string {
  const seconds = secondsSince(updatedAt, now)
  if (seconds < 60) return `Updated ${seconds} s ago`
  return `Updated ${Math.floor(seconds / 60)} min ago`
}
