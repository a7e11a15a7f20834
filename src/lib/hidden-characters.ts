// Characters that change how text reads without showing themselves: bidi controls that reorder it
// ("Bank \u202Ekcab llac" reads "Bank back call"), zero-width and other format characters, controls and tags.
// Text the dashboard did not write shows each of them as a visible token instead.

/**
 * Every format character (Cf: bidi controls, zero-width, soft hyphen, U+180E, most tags), every control (Cc)
 * but tab and line breaks, which HTML shows as space, line and paragraph separators, lone surrogates, the
 * whole tag block, and the letters and marks that draw nothing (U+034F, the Hangul fillers).
 */
const HIDDEN = /(?![\t\n\r])(?:[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u115F\u1160\u3164\uFFA0\u{E0000}-\u{E007F}]|\u034F)/u

const NAMES: Record<number, string> = {
  173: 'soft hyphen',
  847: 'combining grapheme joiner',
  1564: 'Arabic letter mark',
  6158: 'Mongolian vowel separator',
  8203: 'zero-width space',
  8204: 'zero-width non-joiner',
  8205: 'zero-width joiner',
  8206: 'left-to-right mark',
  8207: 'right-to-left mark',
  8232: 'line separator',
  8233: 'paragraph separator',
  8234: 'left-to-right embedding',
  8235: 'right-to-left embedding',
  8236: 'pop directional formatting',
  8237: 'left-to-right override',
  8238: 'right-to-left override',
  8288: 'word joiner',
  8294: 'left-to-right isolate',
  8295: 'right-to-left isolate',
  8296: 'first strong isolate',
  8297: 'pop directional isolate',
  65279: 'zero-width no-break space',
}

export interface HiddenCharacter {
  codePoint: number
  /** As the dashboard shows it: ⟨U+202E⟩. */
  token: string
  /** What it is, in words: "right-to-left override". */
  name: string
}

export type TextPart = string | HiddenCharacter

function nameOf(codePoint: number): string {
  const known = NAMES[codePoint]
  if (known) return known
  if (codePoint >= 0xe0000) return 'tag character'
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'lone surrogate'
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return 'control character'
  if (codePoint >= 0x2061 && codePoint <= 0x2064) return 'invisible operator'
  if (codePoint === 0x115f || codePoint === 0x1160 || codePoint === 0x3164 || codePoint === 0xffa0) {
    return 'Hangul filler'
  }
  return 'invisible format character'
}

export function describeHidden(codePoint: number): HiddenCharacter {
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0')
  return { codePoint, token: `⟨U+${hex}⟩`, name: nameOf(codePoint) }
}

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text)
}

/**
 * The text cut around its hidden characters, whole code points at a time (a tag character is a surrogate pair):
 * runs of ordinary text as strings, each hidden character described. Text without any comes back as one part.
 */
export function splitHidden(text: string): TextPart[] {
  if (!HIDDEN.test(text)) return text === '' ? [] : [text]
  const parts: TextPart[] = []
  let run = ''
  for (const character of text) {
    if (!HIDDEN.test(character)) {
      run += character
      continue
    }
    if (run) parts.push(run)
    run = ''
    parts.push(describeHidden(character.codePointAt(0) ?? 0))
  }
  if (run) parts.push(run)
  return parts
}

/** The plain form, for where only text can go (a document title, an option, a label): each hidden one as its token. */
export function revealHidden(text: string): string {
  if (!HIDDEN.test(text)) return text
  return splitHidden(text)
    .map((part) => (typeof part === 'string' ? part : part.token))
    .join('')
}

/** Nothing to see but spaces: a name of hidden characters alone is not blank, they are what to show. */
export function isBlank(text: string | null | undefined): boolean {
  return !text || /^[\p{Zs}\t\n\r]*$/u.test(text)
}
