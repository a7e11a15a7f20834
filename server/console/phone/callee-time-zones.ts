// The callee's time zones as their number tells them (Google's libphonenumber's prefix map, through
// libphonenumber-geo-carrier, which reads files beside it: node only, so the browser asks the console).

import { timezones } from 'libphonenumber-geo-carrier'
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** A country's whole list says nothing about one number: past this many zones the answer is "we cannot tell". */
const MOST_ZONES = 6

/** IANA names, fewest first; empty when the number does not tell (unknown, a non-geographic or toll-free range). */
export async function calleeTimeZones(number: string): Promise<string[]> {
  const parsed = parsePhoneNumberFromString(number)
  if (!parsed) return []
  const zones = ((await timezones(parsed)) ?? []).filter((zone) => zone !== 'Etc/Unknown' && isKnownZone(zone))
  return zones.length > MOST_ZONES ? [] : zones
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The number's country (ISO 3166: US, DE), as libphonenumber tells it; null when it does not. */
export function calleeCountry(number: string): string | null {
  return parsePhoneNumberFromString(number)?.country ?? null
}
