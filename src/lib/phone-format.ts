// The one way a page shows a phone number, without libphonenumber's code or metadata: the formats it would choose
// (src/lib/phone-formats/, written from its metadata by scripts/write-phone-formats.ts), applied as it applies them.
// It is in the entry (1 KB gzip, phone-format-loading.ts says why); the full library (phone.ts) loads only where a
// number is typed.
//
// The formats come in one lazy chunk per first digit of the calling code (0.1 to 1.6 KB gzip each): a page fetches
// the groups of the numbers it shows, not everyone's 7.8 KB. A number whose group has not arrived is shown as it
// came and starts its fetch; components re-render when it arrives (usePhoneFormat), and the loaders of the
// first screens await the groups of their numbers (phone-format-loading.ts) so that they never show one unformatted.
import { useSyncExternalStore } from 'react'
import { rememberPhoneFormatGroup } from './phone-format-memory'

type Format = [pattern: string, international: string, leadingDigits?: string]
/** One group's formats by calling code. */
type FormatGroup = Record<string, Format[]>

/** Where a store gets a group's formats, and whom it tells of each group that arrived. */
export interface PhoneFormatSource {
  load: (digit: string) => Promise<unknown>
  remember?: (digit: string) => void
}

/** libphonenumber's bounds on a national number; outside them it shows the number as it came. */
const NATIONAL_LENGTH = { min: 2, max: 17 }
/**
 * An international format has its punctuation turned into single spaces. The formats hold no punctuation but
 * these three (the test checks it), so this is libphonenumber's VALID_PUNCTUATION as far as it matters here.
 */
const PUNCTUATION = /[-. ]+/g
const E164 = /^\+([1-9]\d*)$/

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

/** The digits after the +, as formatInternational() writes them with the group of their first digit. */
function formatDigits(e164: string, digits: string, group: FormatGroup): string {
  for (let length = 1; length <= 3 && length < digits.length; length++) {
    const code = digits.slice(0, length)
    const candidates = group[code]
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

// One lazy chunk per group, named by the files scripts/write-phone-formats.ts writes.
const groupFiles = import.meta.glob<{ default: FormatGroup }>('./phone-formats/*.json')

const bundledGroups: PhoneFormatSource = {
  load: async (digit) => (await groupFiles[`./phone-formats/${digit}.json`]?.())?.default ?? {},
  remember: rememberPhoneFormatGroup,
}

/**
 * The formats loaded so far and the fetches of the others: one store for the page (`phoneFormats`); a test makes
 * its own, from the bundled groups or from a source that fails.
 */
export function createPhoneFormats(source: PhoneFormatSource = bundledGroups) {
  const loaded = new Map<string, FormatGroup>()
  const loading = new Map<string, Promise<void>>()
  const listeners = new Set<() => void>()
  /** formatPhone under a new identity each time a group arrives: what React compares to re-render. */
  let current = (e164: string) => formatPhone(e164)

  /** Fetched once; a failed fetch is forgotten, so that a later call tries again. Never rejects. */
  function loadGroup(digit: string): Promise<void> {
    if (loaded.has(digit)) return Promise.resolve()
    const started = loading.get(digit)
    if (started) return started
    const load = Promise.resolve()
      .then(() => source.load(digit))
      .then((group) => {
        loaded.set(digit, group as FormatGroup)
        current = (e164) => formatPhone(e164)
        source.remember?.(digit)
        for (const listener of listeners) listener()
      })
      // Its numbers stay as they came until a later call fetches it.
      .catch(() => undefined)
      .finally(() => loading.delete(digit))
    loading.set(digit, load)
    return load
  }

  /**
   * "+14155550100" -> "+1 415 555 0100", as libphonenumber's formatInternational() writes it. Anything that is
   * not a + and digits of a known calling code is shown as it came, and so is a number whose group has not
   * arrived yet: that starts its fetch.
   */
  function formatPhone(e164: string): string {
    const digits = E164.exec(e164)?.[1]
    if (!digits) return e164
    const group = loaded.get(digits.charAt(0))
    if (group) return formatDigits(e164, digits, group)
    void loadGroup(digits.charAt(0))
    return e164
  }

  return {
    formatPhone,
    /** Fetches these groups (first digits of calling codes); resolves when each arrived or failed, never rejects. */
    loadGroups: (digits: Iterable<string>) => Promise.all([...digits].map(loadGroup)).then(() => undefined),
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    formatter: () => current,
  }
}

export type PhoneFormats = ReturnType<typeof createPhoneFormats>

export const phoneFormats = createPhoneFormats()

export const { formatPhone } = phoneFormats

/**
 * formatPhone for a component: it re-renders when a group of formats arrives, so that a number shown as it came
 * becomes formatted. Here rather than in a file of its own, which would be one more request for 0.2 KB.
 * `formats` is the page's store unless a test brings its own.
 */
export function usePhoneFormat(formats: PhoneFormats = phoneFormats): (e164: string) => string {
  return useSyncExternalStore(formats.subscribe, formats.formatter)
}
