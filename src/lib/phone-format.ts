// The one way a page shows a phone number, without libphonenumber's code or metadata: the formats it would choose
// (phone-formats.json, written from its metadata by scripts/write-phone-formats.ts), applied as it applies them.
// Lists, cards and call pages load this; the full library (phone.ts) loads only where a number is typed.
import FORMATS from './phone-formats.json'

type Format = [pattern: string, international: string, leadingDigits?: string]
// JSON types its tuples as arrays; scripts/phone-formats/slim-phone-metadata.test.ts holds the file to this shape.
const formats = FORMATS as unknown as Record<string, Format[]>

/** libphonenumber's bounds on a national number; outside them it shows the number as it came. */
const NATIONAL_LENGTH = { min: 2, max: 17 }
/**
 * An international format has its punctuation turned into single spaces. The formats hold no punctuation but
 * these three (the test checks it), so this is libphonenumber's VALID_PUNCTUATION as far as it matters here.
 */
const PUNCTUATION = /[-. ]+/g

const compiled = new Map<string, RegExp>()
const regex = (source: string, anchored: boolean) => {
  const key = `${anchored}${source}`
  let found = compiled.get(key)
  if (!found) {
    found = new RegExp(anchored ? `^(?:${source})$` : source)
    compiled.set(key, found)
  }
  return found
}

/** The first format whose leading digits start the number and whose pattern matches all of it. */
function formatFor(national: string, candidates: readonly Format[]): Format | undefined {
  return candidates.find(
    ([pattern, , leading]) =>
      (leading === undefined || national.search(regex(leading, false)) === 0) && regex(pattern, true).test(national),
  )
}

/**
 * "+14155550100" -> "+1 415 555 0100", as libphonenumber's formatInternational() writes it. Anything that is not
 * a + and digits of a known calling code is shown as it came.
 */
export function formatPhone(e164: string): string {
  const match = /^\+([1-9]\d*)$/.exec(e164)
  if (!match?.[1]) return e164
  const digits = match[1]
  for (let length = 1; length <= 3 && length < digits.length; length++) {
    const code = digits.slice(0, length)
    const candidates = formats[code]
    if (!candidates) continue
    const national = digits.slice(length)
    if (national.length < NATIONAL_LENGTH.min || national.length > NATIONAL_LENGTH.max) return e164
    const format = formatFor(national, candidates)
    if (!format) return `+${code} ${national}`
    const grouped = national.replace(regex(format[0], false), format[1]).replace(PUNCTUATION, ' ').trim()
    return `+${code} ${grouped}`
  }
  return e164
}
