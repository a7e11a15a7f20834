// What the dashboard needs of libphonenumber's metadata to show a number from the service: per calling code,
// the formats of its main country (countries that share a code share its formats), each as its pattern, its
// international format and the last (most detailed) of its leading-digits patterns. That is 8 KB gzip where the
// library with its `min` metadata is about 30: the full library loads only where a person types a number. The
// formats are then grouped by the first digit of the calling code, 0.1 to 1.6 KB gzip a group, so that a page
// fetches the groups of the numbers it shows rather than everyone's.
import type { MetadataJson } from 'libphonenumber-js/core'

/** One format: [pattern, international format, leading-digits pattern?], as libphonenumber chooses and applies it. */
type PhoneFormat = [pattern: string, international: string, leadingDigits?: string]
export type PhoneFormats = Record<string, PhoneFormat[]>

// The compressed metadata is positional (libphonenumber-js/es6/metadata.js reads it by index).
type CompressedFormat = [string, string, string[]?, (string | 0)?, (1 | 0)?, string?]
const FORMATS = 4
const INTERNATIONAL_FORMAT = 5

function slimFormats(formats: CompressedFormat[] | 0 | undefined): PhoneFormat[] {
  return (formats || []).map((format) => {
    const leading = format[2]?.at(-1)
    const international = format[INTERNATIONAL_FORMAT] || format[1]
    return leading === undefined ? [format[0], international] : [format[0], international, leading]
  })
}

export function slimPhoneMetadata(metadata: MetadataJson): PhoneFormats {
  const countries = metadata.countries as unknown as Record<string, unknown[]>
  const nonGeographic = (metadata as unknown as { nonGeographic?: Record<string, unknown[]> }).nonGeographic ?? {}
  const slim: PhoneFormats = {}
  for (const [code, [main]] of Object.entries(metadata.country_calling_codes)) {
    const plan = (main && countries[main]) ?? nonGeographic[code]
    slim[code] = slimFormats(plan?.[FORMATS] as CompressedFormat[] | undefined)
  }
  for (const [code, plan] of Object.entries(nonGeographic))
    slim[code] ??= slimFormats(plan[FORMATS] as CompressedFormat[])
  return slim
}

/** The formats by the first digit of their calling code: every code a number can start with shares its group. */
export function groupPhoneFormats(formats: PhoneFormats): Record<string, PhoneFormats> {
  const groups: Record<string, PhoneFormats> = {}
  for (const [code, codeFormats] of Object.entries(formats)) {
    const digit = code.charAt(0)
    groups[digit] ??= {}
    groups[digit][code] = codeFormats
  }
  return groups
}
