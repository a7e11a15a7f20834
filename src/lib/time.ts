// Time helpers that take the clock as an argument, so they are pure and testable.

export const DAY_MS = 86_400_000

const UNITS: [limitSeconds: number, divisor: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [86_400 * 30, 86_400, 'day'],
  [86_400 * 365, 86_400 * 30, 'month'],
  [Number.POSITIVE_INFINITY, 86_400 * 365, 'year'],
]

/** "5 minutes ago", "in 2 hours", "now": for created_at columns. */
export function formatRelative(iso: string, now: number, locale?: string): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return iso
  const diffSeconds = Math.round((then - now) / 1000)
  const abs = Math.abs(diffSeconds)
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (abs < 5) return format.format(0, 'second')
  for (const [limit, divisor, unit] of UNITS) {
    if (abs < limit) return format.format(Math.trunc(diffSeconds / divisor), unit)
  }
  return iso
}

/** The exact local date and time, for tooltips and detail fields. */
export function formatExact(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(date)
}

/** Local time of day only, for the status stepper. */
export function formatClock(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone }).format(date)
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
