// A viewer's days, hours and weekdays from 15-minute UTC slots. SQLite converts no time zones, so the
// store groups calls by slot (created_at / SLOT_MS) and this module maps each slot to the zone's calendar:
// every zone offset in use is a whole number of quarter hours (Kolkata +05:30, Kathmandu +05:45), and so
// are the instants of its transitions, so a slot never spans two local days or hours. Pure: Intl only.
import { SLOT_MS } from '../store/usage-breakdowns'

const DAY_MS = 24 * 3_600_000

export interface LocalSlot {
  /** The local date, YYYY-MM-DD. */
  date: string
  hour: number
  /** ISO: 1 Monday .. 7 Sunday. */
  weekday: number
}

export interface ZoneDay {
  date: string
  /** The day's part inside the period: the first and last may be partial. */
  fromMs: number
  toMs: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall clock in the zone at an instant, as a UTC timestamp of the same wall time (whole minutes). */
function wallClock(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {}
  for (const part of formatterOf(timeZone).formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
}

const dateOfWall = (wall: number) => new Date(wall).toISOString().slice(0, 10)
/** ISO weekday of a YYYY-MM-DD date. */
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

export function localSlot(timeZone: string, ms: number): LocalSlot {
  const wall = wallClock(timeZone, ms)
  const date = dateOfWall(wall)
  return { date, hour: new Date(wall).getUTCHours(), weekday: isoWeekday(date) }
}

const localDate = (timeZone: string, ms: number) => dateOfWall(wallClock(timeZone, ms))

const nextDate = (date: string) => dateOfWall(Date.parse(`${date}T00:00:00Z`) + DAY_MS)

/**
 * The first instant of a local date: its midnight, or the first quarter hour after it where a
 * transition skips midnight (as Santiago's did). Two guesses from the offset, then quarter-hour steps.
 */
export function startOfLocalDate(timeZone: string, date: string): number {
  const midnight = Date.parse(`${date}T00:00:00Z`)
  let at = midnight - (wallClock(timeZone, midnight) - midnight)
  at = midnight - (wallClock(timeZone, at) - at)
  at = Math.round(at / SLOT_MS) * SLOT_MS
  while (localDate(timeZone, at) > date) at -= SLOT_MS
  while (localDate(timeZone, at) < date) at += SLOT_MS
  while (localDate(timeZone, at - SLOT_MS) === date) at -= SLOT_MS
  return at
}

/** Every local day that overlaps [fromMs, toMs), oldest first, each clipped to the period. */
export function zoneDays(timeZone: string, fromMs: number, toMs: number): ZoneDay[] {
  const days: ZoneDay[] = []
  let date = localDate(timeZone, fromMs)
  let start = fromMs
  while (start < toMs) {
    const following = nextDate(date)
    const end = Math.min(startOfLocalDate(timeZone, following), toMs)
    days.push({ date, fromMs: start, toMs: end })
    date = following
    start = end
  }
  return days
}

/** Which of the days (from zoneDays) holds an instant: a binary search, no Intl. -1 outside them. */
export function dayIndexOf(days: readonly ZoneDay[], ms: number): number {
  let low = 0
  let high = days.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const day = days[middle] as ZoneDay
    if (ms < day.fromMs) high = middle - 1
    else if (ms >= day.toMs) low = middle + 1
    else return middle
  }
  return -1
}
