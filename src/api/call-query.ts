// The search box's language, read the same way by the console (to search its call index) and the
// dashboard (to highlight what matched). Pure: text in, terms out.
//
//   415 555            a number fragment: digits, typed as a person would ("(415) 555-0100", "+1415")
//   T-1234             a word: any part of any metadata value (case-insensitive)
//   ticket:T-1234      a word within one metadata key
//   "late payment"     quotes keep spaces inside one word (also after key:)

export type QueryTerm = { kind: 'number'; digits: string } | { kind: 'text'; text: string; key: string | null }

/** Longest query read; past it the rest is ignored (a search box, not a document). */
export const MAX_QUERY_LENGTH = 200
/** Digits a number fragment needs before it narrows anything (fewer match nearly every call). */
export const MIN_NUMBER_DIGITS = 3

/** What a field of text refuses (a NUL cannot even reach SQLite's full-text search): said once, for every form. */
export const PLAIN_TEXT_ERROR = 'Remove the control characters (such as NUL) and broken characters from this field.'

/**
 * Whether the text holds no control character (C0 and C1, tab aside) and no lone surrogate: what a search
 * box, a filter or a name may hold. Every query and saved view of the console checks it at its schema.
 */
export function isPlainText(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if ((code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f)) return false
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = text.charCodeAt(at + 1)
      if (!(low >= 0xdc00 && low <= 0xdfff)) return false
      at++
    } else if (code >= 0xdc00 && code <= 0xdfff) return false
  }
  return true
}

const NUMBER_TOKEN = /^\+?[\d().\-/\s]+$/

/** The digits of a typed number fragment: "(415) 555-0100" -> "4155550100", "+1 415" -> "1415". */
export function phoneDigits(typed: string): string {
  return typed.replace(/\D/g, '')
}

interface Token {
  text: string
  key: string | null
  quoted: boolean
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = []
  const pattern = /(?:([^\s:"]+):)?(?:"([^"]*)"?|(\S+))/g
  for (const match of query.slice(0, MAX_QUERY_LENGTH).matchAll(pattern)) {
    const [, key, quoted, bare] = match
    const text = (quoted ?? bare ?? '').trim()
    if (text) tokens.push({ text, key: key ?? null, quoted: quoted !== undefined })
  }
  return tokens
}

/**
 * The terms of a query; every term must match (AND). Neighbouring unquoted number-like tokens join
 * into one fragment, so "415 555" finds +1 415 555 0100 as a person means it.
 */
export function parseCallQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = []
  let digits = ''
  const flush = () => {
    if (digits) terms.push({ kind: 'number', digits })
    digits = ''
  }
  for (const token of tokenize(query)) {
    if (!token.key && !token.quoted && NUMBER_TOKEN.test(token.text) && phoneDigits(token.text)) {
      digits += phoneDigits(token.text)
      continue
    }
    flush()
    terms.push({ kind: 'text', text: token.text.toLowerCase(), key: token.key })
  }
  flush()
  return terms.filter((term) => term.kind === 'text' || term.digits.length >= MIN_NUMBER_DIGITS)
}
