// Where a number rings: its country and its area code (the national destination code), for choosing a caller ID
// near the callee. libphonenumber-js does not expose the code's length; Google's libphonenumber finds it as the
// first group after the country code in the international format, and so does this, with the same metadata
// (`min`) as phone.ts, so it costs the page nothing more.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

export interface PhoneArea {
  /** The region (`US`, `CA`, `GB`); null for a number of no one country (+800). */
  country: string | null
  /** The calling code, such as `1` or `44`: the US and Canada share it, and their area codes tell them apart. */
  callingCode: string
  /** The area code as the international format groups it: `415` of +1 415 555 0100, `20` of +44 20 7183 8750. */
  areaCode: string | null
}

/** Null for a number that is not a valid E.164 number. */
export function phoneArea(e164: string): PhoneArea | null {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed?.isValid()) return null
  const groups = parsed
    .formatInternational()
    .split(/[^\d]+/)
    .filter(Boolean)
  // groups[0] is the calling code; a number written as one group after it has no area code to compare.
  return {
    country: parsed.country ?? null,
    callingCode: parsed.countryCallingCode,
    areaCode: groups.length > 2 ? (groups[1] ?? null) : null,
  }
}
