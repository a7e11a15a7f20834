// What a search matched in a row, as character ranges to highlight. Pure; mirrors the index's rules
// (server/console/calls/index/README.md): number terms match digits anywhere in a number, whatever the
// punctuation between them, or any part of a metadata value; text terms any part of a metadata value,
// case-insensitively.
import type { QueryTerm } from '@/api/contract/call-query'

/** [start, end) ranges, sorted and merged. */
export type Ranges = [number, number][]

function merged(ranges: Ranges): Ranges {
  const out: Ranges = []
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else out.push([start, end])
  }
  return out
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = []
  if (!needle) return found
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at)
  return found
}

/** Where the number terms' digits sit in a formatted number such as "+1 415-555-0100". */
export function numberMatches(formatted: string, terms: readonly QueryTerm[]): Ranges {
  const digitAt: number[] = []
  for (let i = 0; i < formatted.length; i++) if (/\d/.test(formatted.charAt(i))) digitAt.push(i)
  const digits = digitAt.map((i) => formatted.charAt(i)).join('')
  const ranges: Ranges = []
  for (const term of terms) {
    if (term.kind !== 'number') continue
    for (const start of occurrences(digits, term.digits))
      ranges.push([digitAt[start] ?? 0, (digitAt[start + term.digits.length - 1] ?? 0) + 1])
  }
  return merged(ranges)
}

/** What a term may find in a value of `key`: a word its text (within its key, if it names one); a number its texts. */
function valueTexts(term: QueryTerm, key: string): readonly string[] {
  if (term.kind === 'number') return term.texts
  return term.key === null || term.key.toLowerCase() === key.toLowerCase() ? [term.text] : []
}

/** Where the terms (already lower-cased by the parser) sit in a metadata value; `key` limits keyed terms. */
export function textMatches(value: string, key: string, terms: readonly QueryTerm[]): Ranges {
  const lower = value.toLowerCase()
  const ranges: Ranges = []
  for (const term of terms)
    for (const text of valueTexts(term, key))
      for (const start of occurrences(lower, text)) ranges.push([start, start + text.length])
  return merged(ranges)
}

/** The metadata entries a search's terms matched, as text, with the ranges to highlight. */
export function matchedMetadata(
  metadata: Record<string, unknown> | null | undefined,
  terms: readonly QueryTerm[],
): { key: string; value: string; ranges: Ranges }[] {
  if (!metadata || terms.length === 0) return []
  return Object.entries(metadata).flatMap(([key, raw]) => {
    const value = typeof raw === 'string' ? raw : JSON.stringify(raw)
    const ranges = textMatches(value, key, terms)
    return ranges.length ? [{ key, value, ranges }] : []
  })
}
