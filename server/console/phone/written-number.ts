// A number as a person or a request wrote it, read into E.164 with libphonenumber's full metadata as the call lists'
// import reads it (call-lists/read-import.ts): the do-not-call list and erasure requests read numbers alike.
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
