import { describe, expect, it } from 'vitest'
import { countryOptions, isCountryCode, parsePhone } from './phone'

describe('parsePhone', () => {
  it.each([
    ['(415) 555-0100', 'US', '+14155550100'],
    ['415.555.0100', 'US', '+14155550100'],
    ['4155550100', 'US', '+14155550100'],
    ['  +1 415 555 0100 ', 'US', '+14155550100'],
    ['+44 20 7183 8750', 'US', '+442071838750'],
    ['0044 20 7183 8750', 'US', '+442071838750'],
    ['020 7183 8750', 'GB', '+442071838750'],
    ['030 123456', 'DE', '+4930123456'],
  ] as const)('reads %s (country %s) as %s', (input, country, expected) => {
    expect(parsePhone(input, country)).toEqual({ e164: expected, error: null })
  })

  it.each(['+15005550006', '+15005550002', '+15005550003', '+15005550004'])('accepts the test number %s', (input) => {
    expect(parsePhone(input, 'GB')).toEqual({ e164: input, error: null })
  })

  it('treats an empty field as neither a number nor an error', () => {
    expect(parsePhone('   ')).toEqual({ e164: null, error: null })
  })

  it.each([
    ['123', 'US', /not a valid number for United States/],
    ['+12', 'US', /too short/],
    ['555-0100', 'US', /not a valid number/],
    ['+1 415 555 010', 'US', /not a valid/],
    ['+999 1234 5678', 'US', /not a valid international number/],
    ['call me', 'US', /only contain digits/],
    ['415 555 0100 ext 12', 'US', /Extensions/],
  ] as const)('rejects %s with a clear message', (input, country, message) => {
    const result = parsePhone(input, country)
    expect(result.e164).toBeNull()
    expect(result.error).toMatch(message)
  })

  it('names the country of an international number that is invalid there', () => {
    expect(parsePhone('+44 20 7183', 'US').error).toMatch(/United Kingdom|not a valid/)
  })
})

describe('countryOptions', () => {
  it('lists countries by name with their calling codes', () => {
    const options = countryOptions()
    expect(options.length).toBeGreaterThan(200)
    expect(options.find((o) => o.code === 'US')).toEqual({ code: 'US', name: 'United States', callingCode: '1' })
    const names = options.map((o) => o.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('recognises country codes', () => {
    expect(isCountryCode('GB')).toBe(true)
    expect(isCountryCode('XX')).toBe(false)
  })
})
