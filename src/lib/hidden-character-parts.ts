// What each hidden character is, in words, and where in a text: for the marked tokens, loaded only with a text
// that holds one.
import { HIDDEN } from './hidden-characters'

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

/** A hidden character's name ("right-to-left override"), or the kind it is for the many without a common one. */
export function hiddenCharacterName(codePoint: number): string {
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

/**
 * The text cut around its hidden characters, whole code points at a time (a tag character is a surrogate pair):
 * runs of ordinary text as strings, each hidden character as its code point.
 */
export function splitHidden(text: string): (string | number)[] {
  const parts: (string | number)[] = []
  let at = 0
  for (const found of text.matchAll(HIDDEN)) {
    if (found.index > at) parts.push(text.slice(at, found.index))
    parts.push(found[0].codePointAt(0) ?? 0)
    at = found.index + found[0].length
  }
  if (at < text.length) parts.push(text.slice(at))
  return parts
}
