// A viewer's time zone as a query parameter (`tz`): the one definition the CSV export and the usage breakdowns read.
import * as z from 'zod/mini'

/** Whether this runtime's Intl knows the zone: an IANA name such as Europe/Berlin, or UTC. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const timeZoneParam = z
  .string()
  .check(z.maxLength(64), z.refine(isTimeZone, { error: 'Use an IANA time zone such as Europe/Berlin, or UTC.' }))
