// Characters that change how text reads without showing themselves: bidi controls that reorder it
// ("Bank \u202Ekcab llac" reads "Bank back call"), zero-width and other format characters, controls and tags.
// Text the dashboard did not write shows each of them as a visible token instead. Their names and the cutting
// of a text around them, which only the marked tokens need, are in hidden-character-parts.ts: this file is on
// every page's first load, that one only with a text that holds one.

// The expression and the token are the contract's (hidden-characters.ts): the console's emails reveal them alike.
import { HIDDEN, hiddenToken } from '@/api/contract/hidden-characters'

export { HIDDEN, hiddenToken }

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
