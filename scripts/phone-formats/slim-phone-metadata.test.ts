import { readdirSync, readFileSync } from 'node:fs'
import metadata from 'libphonenumber-js/metadata.min.json'
import { describe, expect, it } from 'vitest'
import { groupPhoneFormats, slimPhoneMetadata } from './slim-phone-metadata'

const folder = new URL('../../src/lib/phone-formats/', import.meta.url)
const committed: Record<string, unknown> = Object.fromEntries(
  readdirSync(folder).map((file) => [file, JSON.parse(readFileSync(new URL(file, folder), 'utf8'))]),
)

describe('src/lib/phone-formats/', () => {
  it('is what the installed libphonenumber-js makes, one file a group: after an update, run npm run phone-formats', () => {
    const groups = groupPhoneFormats(slimPhoneMetadata(metadata))
    expect(committed).toEqual(Object.fromEntries(Object.entries(groups).map(([digit, g]) => [`${digit}.json`, g])))
  })

  it('has every calling code in the group of its first digit, and no punctuation but "-", "." and " "', () => {
    const codes = Object.entries(committed as Record<string, Record<string, [string, string][]>>).flatMap(
      ([file, group]) => Object.keys(group).map((code) => [file, code] as const),
    )
    for (const [file, code] of codes) expect(file).toBe(`${code.charAt(0)}.json`)
    expect(codes.map(([, code]) => code).sort()).toEqual(
      [
        ...new Set([...Object.keys(metadata.country_calling_codes), ...Object.keys(metadata.nonGeographic ?? {})]),
      ].sort(),
    )
    const formats = Object.values(committed as Record<string, Record<string, [string, string][]>>).flatMap((group) =>
      Object.values(group).flat(),
    )
    for (const [, international] of formats) expect(international.replace(/\$\d/g, '')).toMatch(/^[-. ]*$/)
  })
})
