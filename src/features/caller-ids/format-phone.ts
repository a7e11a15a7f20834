import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** "+14155550100" -> "+1 415 555 0100"; a number it cannot parse is shown as it came. */
export function formatPhoneForReading(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164
}
