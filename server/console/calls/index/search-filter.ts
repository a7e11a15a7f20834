// From the search's validated query to the store's filter: the text of `q` read by the contract's parser.

import type * as z from 'zod/mini'
import type { callSearchQuery } from '../../../../src/api/call-index-schemas'
import { parseCallQuery, shortTermsError } from '../../../../src/api/call-query'
import type { CallSearchFilter } from '../../store/call-search'

export function searchFilterOf(query: z.output<typeof callSearchQuery>): CallSearchFilter {
  const terms = parseCallQuery(query.q ?? '')
  return {
    numbers: terms.flatMap((term) => (term.kind === 'number' ? [{ digits: term.digits, texts: term.texts }] : [])),
    texts: terms.flatMap((term) => (term.kind === 'text' ? [{ text: term.text, key: term.key }] : [])),
    status: query.status,
    fromMs: query.from_date ? Date.parse(query.from_date) : undefined,
    toMs: query.to_date ? Date.parse(query.to_date) : undefined,
    placedBy: query.placed_by,
    callerId: query.caller_id,
    hasRecording: query.has_recording,
    voicemailDrop: query.voicemail_drop,
    minDuration: query.min_duration,
    maxDuration: query.max_duration,
  }
}

/** The sentence of a refused search: the term too short to search when that is why, else `otherwise`. */
export function searchRefusal(query: Record<string, string>, otherwise: string): string {
  return (query.q !== undefined && shortTermsError(query.q)) || otherwise
}
