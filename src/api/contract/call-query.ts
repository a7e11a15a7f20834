// The search box's language, read the same way by the console (to search its call index) and the
// dashboard (to highlight what matched, and to say which terms are too short). Pure: text in, terms out.
//
//   415 555            a number fragment: digits, typed as a person would ("(415) 555-0100", "+1415"); it
//                      also matches any part of a metadata value, as typed or as its digits ("4821" finds "T-4821")
//   T-1234             a word: any part of any metadata value (case-insensitive)
//   ticket:T-1234      a word within one metadata key
//   "late payment"     quotes keep spaces inside one word (also after key:)
//
// A term needs 3 characters (a number 3 digits) to be searched: the trigram indexes find nothing shorter,
// and a shorter part of a value matches nearly every call. Within a key (`lang:en`) any length is searched.

export type QueryTerm =
  | {
      kind: 'number'
      digits: string
      /** What a metadata value may hold instead: the fragment as typed (lower-cased), and its digits when they differ. */
      texts: string[]
    }
  | { kind: 'text'; text: string; key: string | null }

/** Longest query read; past it the rest is ignored (a search box, not a document). */
const MAX_QUERY_LENGTH = 200
/**
 * Terms one search may hold. Each is one more group of the trigram index's query and one more check of every row
 * read: 40 short terms ran each query of a search to its time budget.
 */
export const MAX_SEARCH_TERMS = 10
/** Characters (digits, for a number fragment) a term needs before it is searched. */
export const MIN_TERM_LENGTH = 3

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
  /** Where it sits in the query: [start, end). */
  span: [number, number]
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = []
  const pattern = /(?:([^\s:"]+):)?(?:"([^"]*)"?|(\S+))/g
  for (const match of query.slice(0, MAX_QUERY_LENGTH).matchAll(pattern)) {
    const [whole, key, quoted, bare] = match
    const text = (quoted ?? bare ?? '').trim()
    const span: [number, number] = [match.index, match.index + whole.length]
    if (text) tokens.push({ text, key: key ?? null, quoted: quoted !== undefined, span })
  }
  return tokens
}

/** A term and where it was typed, before terms too short to search are set apart. */
interface ReadTerm {
  term: QueryTerm
  span: [number, number]
}

const lengthOf = (text: string) => [...text].length

/** Whether a term is long enough to search: 3 digits for a number, 3 characters for a word; any within a key. */
function searchable(term: QueryTerm): boolean {
  if (term.kind === 'number') return term.digits.length >= MIN_TERM_LENGTH
  return term.key !== null || lengthOf(term.text) >= MIN_TERM_LENGTH
}

/**
 * Every term of a query, searchable or not. Neighbouring unquoted number-like tokens join into one
 * fragment, so "415 555" finds +1 415 555 0100 as a person means it.
 */
function readTerms(query: string): ReadTerm[] {
  const read: ReadTerm[] = []
  let number: { digits: string; span: [number, number] } | null = null
  const flush = () => {
    if (number) {
      const typed = query
        .slice(...number.span)
        .toLowerCase()
        .replace(/\s+/g, ' ')
      const texts = typed === number.digits ? [typed] : [typed, number.digits]
      read.push({ term: { kind: 'number', digits: number.digits, texts }, span: number.span })
    }
    number = null
  }
  for (const token of tokenize(query)) {
    if (!token.key && !token.quoted && NUMBER_TOKEN.test(token.text) && phoneDigits(token.text)) {
      number = number
        ? { digits: number.digits + phoneDigits(token.text), span: [number.span[0], token.span[1]] }
        : { digits: phoneDigits(token.text), span: token.span }
      continue
    }
    flush()
    read.push({ term: { kind: 'text', text: token.text.toLowerCase(), key: token.key }, span: token.span })
  }
  flush()
  return read
}

/** The terms of a query that are searched; every one must match (AND). */
export function parseCallQuery(query: string): QueryTerm[] {
  return readTerms(query)
    .map((read) => read.term)
    .filter(searchable)
}

/** The terms too short to search, as they were typed ("41", "ab"): what the search box says it left out. */
export function tooShortTerms(query: string): string[] {
  return readTerms(query)
    .filter((read) => !searchable(read.term))
    .map((read) => query.slice(...read.span).trim())
}

/** The query without its terms too short to search: what the dashboard sends, since the console refuses them. */
export function withoutShortTerms(query: string): string {
  const short = readTerms(query).filter((read) => !searchable(read.term))
  let kept = query.slice(0, MAX_QUERY_LENGTH)
  for (const { span } of short.reverse()) kept = `${kept.slice(0, span[0])} ${kept.slice(span[1])}`
  return kept.replace(/\s+/g, ' ').trim()
}

/** Why the console refuses a query with a term too short to search (null when it has none). */
export function shortTermsError(query: string): string | null {
  const short = tooShortTerms(query)
  if (short.length === 0) return null
  const quoted = short.map((term) => `“${term}”`).join(', ')
  return `${quoted} ${short.length === 1 ? 'is' : 'are'} too short to search: type ${MIN_TERM_LENGTH} characters or more (3 digits of a number), or name a key (ticket:${short[0]}).`
}

/** Why the console refuses a query of more terms than it searches at once (null when it has few enough). */
export function tooManyTermsError(query: string): string | null {
  const terms = parseCallQuery(query).length
  if (terms <= MAX_SEARCH_TERMS) return null
  return `This search has ${terms} terms; search with ${MAX_SEARCH_TERMS} at most (every call must match them all, so the few that tell calls apart are enough).`
}
