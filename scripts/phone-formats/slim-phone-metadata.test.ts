import { readFileSync } from 'node:fs'
import metadata from 'libphonenumber-js/metadata.min.json'
import { describe, expect, it } from 'vitest'
import { slimPhoneMetadata } from './slim-phone-metadata'

const committed = JSON.parse(readFileSync(new URL('../../src/lib/phone-formats.json', import.meta.url), 'utf8'))

describe('src/lib/phone-formats.json', () => {
  it('is what the installed libphonenumber-js makes: after an update, run npm run phone-formats', () => {
    expect(committed).toEqual(slimPhoneMetadata(metadata))
  })

  it('has every calling code, and international formats with no punctuation but "-", "." and " "', () => {
    expect(Object.keys(committed).sort()).toEqual(
      [
        ...new Set([...Object.keys(metadata.country_calling_codes), ...Object.keys(metadata.nonGeographic ?? {})]),
      ].sort(),
    )
    const formats = Object.values(committed as Record<string, [string, string][]>).flat()
    for (const [, international] of formats) expect(international.replace(/\$\d/g, '')).toMatch(/^[-. ]*$/)
  })
})
