import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/**
 * How a page should show a number: libphonenumber's own international format, the reference the dashboard's
 * lighter formatter (src/lib/phone-format.ts) is held to, so the journeys check it against the library.
 */
export const formatPhone = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164
