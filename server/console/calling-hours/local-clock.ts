// Wall-clock reading in an IANA zone, and its inverse, on Intl alone (node's ICU carries the zone rules and
// their DST changes). One formatter per zone: building one costs far more than formatting with it.

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(zone, formatter)
  }
  return formatter
}

interface WallClock {
  year: number
  month: number
  day: number
  /** Minutes after local midnight. */
  minutes: number
}

export function wallClockAt(zone: string, instant: number): WallClock {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  }
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms (to the minute). */
function offsetAt(zone: string, instant: number): number {
  const wall = wallClockAt(zone, instant)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * 60_000
  return asUtc - Math.floor(instant / 60_000) * 60_000
}

/** The instant the zone's clock reads `minutes` on the local day `dayOffset` days after the one holding `from`. */
export function instantOfWallClock(zone: string, from: number, dayOffset: number, minutes: number): number {
  const today = wallClockAt(zone, from)
  const asUtc = Date.UTC(today.year, today.month - 1, today.day + dayOffset) + minutes * 60_000
  // Twice: the offset at the first guess may be the other side of a DST change.
  const guess = asUtc - offsetAt(zone, asUtc)
  return asUtc - offsetAt(zone, guess)
}
