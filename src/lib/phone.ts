// Turns what a person types into the E.164 number the service expects.
// The `min` metadata keeps the bundle small; it validates by each country's
// number pattern, which is what a form needs before sending.
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min'

export type { CountryCode }

export const DEFAULT_COUNTRY: CountryCode = 'US'

/** What a phone field reports: the number to send, or why there is none. Both null means the field is empty. */
export interface PhoneValue {
  e164: string | null
  error: string | null
}

export const EMPTY_PHONE: PhoneValue = { e164: null, error: null }

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

function countryName(country: CountryCode): string {
  return regionNames.of(country) ?? country
}

/**
 * Parses a typed number. A number starting with + (or 00) carries its own
 * country; anything else is read as a national number of `country`.
 */
export function parsePhone(input: string, country: CountryCode = DEFAULT_COUNTRY): PhoneValue {
  const text = input.trim().replace(/^00(?=[1-9])/, '+')
  if (text === '') return EMPTY_PHONE
  if (/[a-z]/i.test(text.replace(/\s*(ext\.?|x)\s*\d+$/i, ''))) {
    return { e164: null, error: 'A phone number can only contain digits, spaces, brackets, dashes and a leading +.' }
  }
  const international = text.startsWith('+')
  const parsed = parsePhoneNumberFromString(text, international ? undefined : { defaultCountry: country })
  if (!parsed?.isPossible()) {
    const digits = text.replace(/\D/g, '')
    if (international && digits.length < 8) {
      return { e164: null, error: 'This number is too short. Include the country code and the full number.' }
    }
    return {
      e164: null,
      error: international
        ? 'This is not a valid international number. Check the country code and the number.'
        : `This is not a valid number for ${countryName(country)}. Check the number or choose another country.`,
    }
  }
  if (!parsed.isValid()) {
    const where = parsed.country ? countryName(parsed.country) : `country code +${parsed.countryCallingCode}`
    return { e164: null, error: `This is not a valid number for ${where}. Check the digits.` }
  }
  if (parsed.ext) return { e164: null, error: 'Extensions cannot be dialled. Remove the extension.' }
  return { e164: parsed.number, error: null }
}

export interface CountryOption {
  code: CountryCode
  name: string
  callingCode: string
}

let cachedOptions: CountryOption[] | null = null

/** Every country libphonenumber knows, sorted by English name. */
export function countryOptions(): CountryOption[] {
  cachedOptions ??= getCountries()
    .map((code) => ({ code, name: countryName(code), callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  return cachedOptions
}

export function isCountryCode(value: string): value is CountryCode {
  return countryOptions().some((option) => option.code === value)
}
