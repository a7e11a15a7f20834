// Characters that change how text reads without showing themselves: bidi controls that reorder it
// ("Bank \u202Ekcab llac" reads "Bank back call"), zero-width and other format characters, controls and tags.
// Text the dashboard did not write shows each of them as a visible token instead. Their names and the cutting
// of a text around them, which only the marked tokens need, are in hidden-character-parts.ts: this file is on
// every page's first load, that one only with a text that holds one.

/**
 * Every format character (Cf: bidi controls, zero-width, soft hyphen, U+180E, most tags), every control (Cc)
 * but tab and line breaks, which HTML shows as space, line and paragraph separators, lone surrogates, the
 * whole tag block, and the letters and marks that draw nothing (U+034F, the Hangul fillers). One expression for
 * every use: global, so never with `test` or `exec`, which would leave its `lastIndex` moved for the next use.
 * U+034F is apart: a combining mark in a class reads to the linter as if it joined the character before it.
 */
export const HIDDEN =
  /(?![\t\n\r])(?:[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u115F\u1160\u3164\uFFA0\u{E0000}-\u{E007F}]|\u034F)/gu

/** A hidden character as the dashboard shows it: ⟨U+202E⟩. */
export function hiddenToken(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`
}

/**
 * The plain form, for where only text can go (a document title, an option, a label): each hidden one as its token.
 * The same string when it holds none, which is how RevealedText tells.
 */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, (found) => hiddenToken(found.codePointAt(0) ?? 0))
}

/** Nothing to see but spaces: a name of hidden characters alone is not blank, they are what to show. */
export function isBlank(text: string | null | undefined): boolean {
  return !text || /^[\p{Zs}\t\n\r]*$/u.test(text)
}
