// May this callee be called at this instant? Pure: the callee's zones and country (from their number), the
// settings, and the console's clock. A number spanning several zones is held to the strictest: allowed only
// while every zone's clock is inside the window. A number whose zones are unknown (none told, or its country's
// whole list: a toll-free or non-geographic range) is allowed: nothing says where the callee is, and the whole
// North American plan spans 21 hours, so "every zone" would forbid such numbers at every hour.
import { type CallingHours, type CallingWindow, clockText, windowText } from './calling-window'
import { instantOfWallClock, wallClockAt } from './local-clock'

export interface CallingHoursAnswer {
  allowed: boolean
  /** The callee's IANA zones; empty when the number does not tell them. */
  zones: string[]
  /** The callee's local time ("22:14") in each zone, in the same order. */
  localTimes: string[]
  /** The window that holds for this number (its country's, or the console's). */
  window: CallingWindow
  /** When refused: the first instant every zone is inside the window, or null if none is within 3 days. */
  opensAt: number | null
  /** What a person is told. */
  sentence: string
}

const inside = (window: CallingWindow, minutes: number) => minutes >= window.start && minutes < window.end

function allInside(zones: readonly string[], window: CallingWindow, instant: number): boolean {
  return zones.every((zone) => inside(window, wallClockAt(zone, instant).minutes))
}

/** The first instant after `now` at which some zone's window opens and every zone is inside it. */
function opensAt(zones: readonly string[], window: CallingWindow, now: number): number | null {
  const candidates = zones
    .flatMap((zone) => [0, 1, 2, 3].map((day) => instantOfWallClock(zone, now, day, window.start)))
    .filter((instant) => instant > now)
    .sort((a, b) => a - b)
  return candidates.find((instant) => allInside(zones, window, instant)) ?? null
}

function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000)
  const hours = Math.floor(minutes / 60)
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`
}

export function callingHoursAt(
  callee: { zones: readonly string[]; country: string | null },
  hours: CallingHours,
  now: number,
): CallingHoursAnswer {
  const window = (callee.country && hours.byCountry.get(callee.country)) || hours.window
  const zones = [...callee.zones]
  const times = zones.map((zone) => wallClockAt(zone, now).minutes)
  const localTimes = times.map(clockText)
  if (zones.length === 0)
    return {
      allowed: true,
      zones,
      localTimes,
      window,
      opensAt: null,
      sentence: 'The number does not tell where the callee is, so calling hours do not hold this call back.',
    }
  const outside = times.findIndex((minutes) => !inside(window, minutes))
  if (outside === -1)
    return {
      allowed: true,
      zones,
      localTimes,
      window,
      opensAt: null,
      sentence: `It is ${localTimes[0]} for the callee (${zones[0]}); calls are allowed ${windowText(window)}.`,
    }
  const opening = opensAt(zones, window, now)
  const spans = zones.length > 1 ? ` The number spans ${zones.join(', ')}: a call must be inside them in each.` : ''
  const opens =
    opening === null
      ? ' No hour is inside them in every one of its zones; an admin may allow one call.'
      : ` Calls to this number open in ${waitText(opening - now)}.`
  return {
    allowed: false,
    zones,
    localTimes,
    window,
    opensAt: opening,
    sentence: `It is ${localTimes[outside]} for the callee (${zones[outside]}); calls are allowed ${windowText(window)}.${spans}${opens}`,
  }
}
