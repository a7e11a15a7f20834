// Characters that change how text reads without showing themselves, and the token each is shown as: the one
// definition the dashboard (src/lib/hidden-characters.ts) and the console's emails (reports/) reveal text by.

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
