// Calendar days and wall clocks in a named time zone (IANA, or 'UTC'), with no zone
// of the machine leaking in: a person who chose UTC sees UTC days in any browser.

let browserZone: string | undefined
/**
 * The browser's own zone, read once per page: building a DateTimeFormat to ask costs a good part of a millisecond,
 * and every time shown asks (useTimeZone: over a hundred times on a cold /calls, tens of ms of its first render).
 */
export const browserTimeZone = (): string => {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone
  return browserZone
}

/** The zone a preference ('browser' or 'UTC', see the console's contract) stands for on this browser. */
export function resolveTimeZone(preference: string | undefined): string {
  return preference === 'UTC' ? 'UTC' : browserTimeZone()
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * The dashboard's one way to write dates: English month names and a 24-hour clock for everyone
 * on the team, so "14:32" means one thing, in the zone given. Formatters are cached per zone and options.
 */
export function dateFormatIn(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...options })
    formats.set(key, format)
  }
  return format
}

const WALL_CLOCK = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
} as const

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {}
  for (const part of dateFormatIn(timeZone, WALL_CLOCK).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return parts as unknown as WallClock
}

const utcOf = (clock: WallClock) => {
  const date = new Date(0)
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day)
  date.setUTCHours(clock.hour, clock.minute, clock.second, 0)
  return date.getTime()
}

/** Minutes east of UTC that the zone's clocks show at an instant (-480 in Los Angeles in winter). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000
  return Math.round((utcOf(wallClock(whole, timeZone)) - whole) / 60_000)
}

/** The calendar day of an instant in the zone: "2026-11-19" ('' when unreadable). */
export function dateInZone(instant: string | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant)
  if (Number.isNaN(ms)) return ''
  const clock = wallClock(ms, timeZone)
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`
}

/** "2026-11-19" plus or minus whole days, on the calendar (no zone, no DST). */
export function addDays(date: string, days: number): string {
  const match = DATE.exec(date)
  if (!match) return date
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const shifted = new Date(utcOf({ year, month, day: day + days, hour: 0, minute: 0, second: 0 }))
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`
}

/** An instant written with the zone's offset at that instant: "2026-11-19T00:00:00-08:00", or "…Z" in UTC. */
export function isoInZone(ms: number, timeZone: string): string {
  const offset = zoneOffsetMinutes(ms, timeZone)
  const clock = wallClock(ms, timeZone)
  const local = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`
  if (offset === 0) return `${local}Z`
  const abs = Math.abs(offset)
  return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/**
 * The first instant of a calendar day in the zone. Where a DST change skips midnight
 * (Santiago, Havana), the day starts when the clocks jump, at 01:00.
 */
export function dayStartInZone(date: string, timeZone: string): string {
  const match = DATE.exec(date)
  if (!match) return date
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const midnightAsUtc = utcOf({ year, month, day, hour: 0, minute: 0, second: 0 })
  // The offset at the guess, then again at the result: they differ only across a DST change.
  let start = midnightAsUtc - zoneOffsetMinutes(midnightAsUtc, timeZone) * 60_000
  start = midnightAsUtc - zoneOffsetMinutes(start, timeZone) * 60_000
  // Still on the day before: midnight did not exist; step to the next whole hour until the day begins.
  for (let step = 0; step < 3 && dateInZone(start, timeZone) < date; step++) start += 3_600_000 - (start % 3_600_000)
  return isoInZone(start, timeZone)
}

/** A plain date as the day's start in the zone; a date-time, which already names an instant, as it is. */
export function toInstantInZone(value: string, timeZone: string): string {
  return DATE.test(value) ? dayStartInZone(value, timeZone) : value
}

/** "UTC", "PST", or "GMT+1" where the zone has no common abbreviation in English. */
export function zoneAbbreviation(timeZone: string, at: number = Date.now()): string {
  if (timeZone === 'UTC') return 'UTC'
  const part = dateFormatIn(timeZone, { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}

/** "UTC", or "America/Los Angeles (PST)": what a page says its times are in. */
export function zoneLabel(timeZone: string, at: number = Date.now()): string {
  if (timeZone === 'UTC') return 'UTC'
  return `${timeZone.replaceAll('_', ' ')} (${zoneAbbreviation(timeZone, at)})`
}
