// A callback's time as people read it: for the callee in their zone (when the number tells it) and for the person
// in theirs, and the form's wall-clock value in the person's zone. Pure: a clock and zones in, text out.
import { dateFormatIn, zoneOffsetMinutes } from '@/lib/time-zone'

const WEEKDAY_TIME = { weekday: 'short', hour: '2-digit', minute: '2-digit' } as const
const TIME = { hour: '2-digit', minute: '2-digit' } as const
const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const

const weekdayTime = (ms: number, zone: string) => dateFormatIn(zone, WEEKDAY_TIME).format(ms).replace(',', '')
const timeOnly = (ms: number, zone: string) => dateFormatIn(zone, TIME).format(ms)
const sameDay = (ms: number, a: string, b: string) =>
  dateFormatIn(a, DAY).format(ms) === dateFormatIn(b, DAY).format(ms)

/**
 * "Tue 10:00 for them (America/Chicago), 17:00 for you": the callee's time first, as the callback is asked in it.
 * Several zones (a number that spans them) or none: said so, with the person's time alone.
 */
export function describeDue(ms: number, calleeZones: readonly string[], viewerZone: string): string {
  const yours = weekdayTime(ms, viewerZone)
  if (calleeZones.length === 0) return `${yours} for you (the number does not tell their time zone)`
  if (calleeZones.length > 1)
    return `${yours} for you (the number spans ${calleeZones.length} time zones: ${calleeZones.join(', ')})`
  const zone = calleeZones[0] as string
  const theirs = weekdayTime(ms, zone)
  if (zoneOffsetMinutes(ms, zone) === zoneOffsetMinutes(ms, viewerZone))
    return `${theirs} for them and for you (${zone})`
  const forYou = sameDay(ms, zone, viewerZone) ? timeOnly(ms, viewerZone) : yours
  return `${theirs} for them (${zone}), ${forYou} for you`
}

/** The value of a datetime-local input showing the instant in the zone: "2026-12-08T10:00". */
export function wallClockValue(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    dateFormatIn(zone, { ...DAY, ...TIME })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The instant a datetime-local value names in the zone; null for an unreadable value. */
export function instantOfWallClock(value: string, zone: string): number | null {
  const match = WALL_CLOCK.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The offset at the guess, then at the result: they differ only across a change of the clocks.
  const guess = asUtc - zoneOffsetMinutes(asUtc, zone) * 60_000
  return asUtc - zoneOffsetMinutes(guess, zone) * 60_000
}

/** The next 10:00 in the zone after `now` (tomorrow's, unless it is still early today): a polite time to call. */
export function nextMorning(now: number, zone: string): number {
  const today = wallClockValue(now, zone).slice(0, 10)
  const at = instantOfWallClock(`${today}T10:00`, zone) ?? now
  return at > now
    ? at
    : (instantOfWallClock(`${wallClockValue(now + 24 * 3_600_000, zone).slice(0, 10)}T10:00`, zone) ?? now)
}
