// A number as a person or a request wrote it, read into the E.164 the list is keyed by, with libphonenumber's full
// metadata as the call lists' import reads it (call-lists/read-import.ts), and written back for a person to read.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'

/** E.164, or why the text is no number the console can list. Without +country, it is read in `region`. */
export function listedNumberOf(written: string, region?: string): { e164: string } | { error: string } {
  const text = written.trim().replace(/^00(?=[1-9])/, '+')
  if (/[a-z]/i.test(text)) return { error: `${text} is not a phone number: use digits, and + before the country code.` }
  if (!text.startsWith('+') && !region)
    return { error: `${text} has no country code: write it as +country number (such as +14155550100).` }
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: region as CountryCode | undefined })
  if (!parsed) return { error: `${text} is not a phone number.` }
  if (!parsed.isValid())
    return { error: `${text} is not a valid number${parsed.country ? ` of ${parsed.country}` : ''}: check its digits.` }
  return { e164: parsed.number }
}

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
