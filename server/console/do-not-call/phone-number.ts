// A placement's destination read into the E.164 the list is keyed by, and written back for a person to read (what a
// person typed is read by phone/written-number.ts, shared with erasure/).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/**
 * The list's key for a placement's destination: its E.164 when it reads as one, so "+1 (415) 555-0101" is the
 * listed +14155550101; otherwise the text as sent, which the service refuses in its own words anyway.
 */
export function destinationKey(destination: string): string {
  const text = destination.trim().replace(/^00(?=[1-9])/, '+')
  const parsed = parsePhoneNumberFromString(text)
  return parsed?.isPossible() ? parsed.number : text
}

/** "+1 415 555 0101", as people read it. */
export function readableNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164
}
