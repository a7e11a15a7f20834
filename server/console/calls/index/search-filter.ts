// From the search's validated query to the store's filter: the text of `q` read by the contract's parser.

import type { Context } from 'hono'
import type * as z from 'zod/mini'
import type { callSearchQuery } from '../../../../src/api/contract/call-index-schemas'
import { parseCallQuery, shortTermsError, tooManyTermsError } from '../../../../src/api/contract/call-query'
import { sendProblem } from '../../http/problem'
import type { CallSearchFilter } from '../../store/call-search'

const WORK_KEYS = ['outcome', 'note']

export function searchFilterOf(query: z.output<typeof callSearchQuery>): CallSearchFilter {
  const terms = parseCallQuery(query.q ?? '')
  const texts = terms.flatMap((term) => (term.kind === 'text' ? [{ text: term.text, key: term.key }] : []))
  // `outcome:` and `note:` search what follows the call (issue 51) and metadata keys of those names, checked row
  // by row: the trigram table holds no outcome, and a keyed term does not read it (plain terms find notes through it).
  const keyed = (key: string) => texts.filter((term) => term.key?.toLowerCase() === key).map((term) => term.text)
  return {
    numbers: terms.flatMap((term) => (term.kind === 'number' ? [{ digits: term.digits, texts: term.texts }] : [])),
    texts: texts.filter((term) => !WORK_KEYS.includes(term.key?.toLowerCase() ?? '')),
    outcomes: keyed('outcome'),
    notes: keyed('note'),
    outcome: query.outcome,
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

/**
 * A term too short to search is refused, not ignored: a search that quietly left it out would say more than it
 * found. So is a query of more terms than MAX_SEARCH_TERMS: each term makes every query of the search dearer.
 * A 400 naming `q` and why, or null when the terms can be searched.
 */
export function termsProblem(c: Context, q: string | undefined, title: string): Response | null {
  const message = shortTermsError(q ?? '') ?? tooManyTermsError(q ?? '')
  return message === null ? null : sendProblem(c, 400, title, message, { errors: [{ field: 'q', message }] })
}
