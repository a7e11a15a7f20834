// Where a text names one number, however a person wrote it: "+1 415 555 0123", "(415) 555-0123", "1-415-555-0123",
// "4155550123", "0044 20 7183 8750", "020 7183 8750". Notes, metadata values and payloads are free text, so the
// erasure finds the number by its digits with any separators between them, never by one spelling.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/** What an erased mention of the number reads as. JSON-safe and digit-free, so it never names another number. */
export const ERASED_TEXT = '[erased]'

// Between two digits of a written number: spaces, dots, dashes, slashes and brackets.
const SEP = '[\\s().\\-/]*'

export interface NumberMentions {
  e164: string
  /** E.164's digits ("14155550123"): the call index's digits columns hold them. */
  digits: string
  /** The number within its country ("4155550123"). */
  national: string
  /** The last two digits, which every way of writing a number keeps together: what a store narrows rows by first. */
  tail: string
  /** Whether the text names the number. */
  names(text: string): boolean
  /** The text with every mention of the number replaced by ERASED_TEXT. */
  redact(text: string): string
  /** A JSON value with every string (and number) that names it redacted; keys stay. */
  redactJson(value: unknown): unknown
  /** A JSON text, redacted value by value (so it stays JSON); a text that is not JSON is redacted as text. */
  redactJsonText(text: string): string
}

const digitsPattern = (digits: string) => digits.split('').join(SEP)

/** The mentions of an E.164 number (already normalised by phone/written-number.ts). */
export function numberMentions(e164: string): NumberMentions {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed) throw new Error('numberMentions takes an E.164 number')
  const national = String(parsed.nationalNumber)
  const country = String(parsed.countryCallingCode)
  // An optional +CC or 00CC, or a trunk prefix 0 ("(0)20…", "020…"), then the national digits; never inside a longer run.
  const source = `(?<!\\d)(?:(?:(?:\\+|00)${SEP})?${digitsPattern(country)}${SEP})?(?:\\(?0\\)?${SEP})?\\(?${digitsPattern(national)}(?!\\d)`
  const mention = () => new RegExp(source, 'g')
  const redact = (text: string) => text.replace(mention(), ERASED_TEXT)
  const redactJson = (value: unknown): unknown => {
    if (typeof value === 'string') return redact(value)
    if (typeof value === 'number') return redact(String(value)) === String(value) ? value : ERASED_TEXT
    if (Array.isArray(value)) return value.map(redactJson)
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactJson(inner)]))
    return value
  }
  return {
    e164,
    digits: e164.slice(1),
    national,
    tail: national.slice(-2),
    names: (text) => mention().test(text),
    redact,
    redactJson,
    redactJsonText: (text) => {
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return redact(text)
      }
      return JSON.stringify(redactJson(value))
    },
  }
}
