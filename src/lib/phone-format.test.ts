import fc from 'fast-check'
import examples from 'libphonenumber-js/examples.mobile.json'
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatPhone, phoneFormats } from './phone-format'

/** What the full library shows: the reference formatPhone must match. */
const libraryShows = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164

const countries = getCountries()

// Every group, as a page has them once the groups of its numbers arrived (phone-format-loading.test.ts: before).
beforeAll(() => phoneFormats.loadGroups('123456789'))

describe('formatPhone', () => {
  it('groups a number as the full library does', () => {
    expect(formatPhone('+14155550100')).toBe('+1 415 555 0100')
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958')
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78')
  })

  it('matches the full library on every country’s example number', () => {
    const mobile = examples as Partial<Record<CountryCode, string>>
    for (const country of countries) {
      const national = mobile[country]
      if (!national) continue
      const e164 = `+${getCountryCallingCode(country)}${national}`
      expect(formatPhone(e164), `${country} ${e164}`).toBe(libraryShows(e164))
    }
  })

  it('matches the full library on any digits after any calling code', () => {
    const e164 = fc
      .tuple(fc.constantFrom(...countries), fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 18 }))
      .map(([country, digits]) => `+${getCountryCallingCode(country)}${digits}`)
    fc.assert(
      fc.property(e164, (number) => {
        const parsed = parsePhoneNumberFromString(number)
        // The library reads a national prefix after the calling code out of some numbers ("+7 8…"); E.164 has none.
        fc.pre(parsed === undefined || `+${parsed.countryCallingCode}${parsed.nationalNumber}` === number)
        expect(formatPhone(number)).toBe(libraryShows(number))
      }),
      { numRuns: 3000 },
    )
  })

  it('shows anything that is not + and digits of a known calling code as it came', () => {
    for (const odd of ['', '4155550100', '+', '+0123456', '+1', '+1 415 555 0100', 'ticket', '+999123456']) {
      expect(formatPhone(odd)).toBe(odd)
    }
  })
})
