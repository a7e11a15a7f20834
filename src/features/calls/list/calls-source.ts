// Where the calls page reads its rows: the console's index, which filters by anything, or the voice API's
// list, which is complete but filters by status and dates only. Pure: the view and the index's answer in,
// the source and what the page must say out. The page never shows an incomplete result as complete.

import { isApiError } from '@/api/client'
import type { CallSearchResponse, IndexState } from '@/api/contract/call-index-schemas'
import { parseCallQuery } from '@/api/contract/call-query'
import { errorText } from '@/lib/error-text'
import { type CallsSearch, cursorOf, usesIndexOnlyFilters } from './calls-search'

export type CallsSource = 'index' | 'api'

export interface SourceChoice {
  source: CallsSource
  /** What the person must know about these rows; null when they are complete. */
  notice: { tone: 'warning' | 'info'; text: string } | null
  /** The index's filters cannot be applied (the list comes from the API). */
  indexFiltersOff: boolean
}

/** Filters the index answers from a call's details, which arrive after the call is listed. */
function usesDetailFilters(search: CallsSearch): boolean {
  // Every term may match a metadata value (a number fragment too, "4821" in "T-4821").
  const metadataTerms = parseCallQuery(search.q ?? '').length > 0
  return metadataTerms || search.has_recording !== undefined || search.voicemail_drop !== undefined
}

const API_LIST = 'This list comes straight from the voice API, filtered by status and dates only'

/** `index`: the index's answer (its state), or `failed` with why when the console could not search. */
export function chooseCallsSource(
  search: CallsSearch,
  index: { state: IndexState } | { failed: string },
): SourceChoice {
  const narrowed = usesIndexOnlyFilters(search)
  if ('failed' in index) {
    return {
      source: 'api',
      indexFiltersOff: true,
      notice: {
        tone: 'warning',
        text: `Search is not available right now (${index.failed}). ${API_LIST}${narrowed ? ': search and the other filters are not applied.' : '.'}`,
      },
    }
  }
  const { state } = index
  if (state.state === 'unavailable') {
    const why = state.message ?? 'Search is not available.'
    return {
      source: 'api',
      indexFiltersOff: true,
      notice: { tone: narrowed ? 'warning' : 'info', text: `${why} ${API_LIST}.` },
    }
  }
  if (state.state === 'ready') return { source: 'index', indexFiltersOff: false, notice: null }
  // Catching up: what the API can answer comes from it, complete; the rest from the index, said to be partial.
  if (!narrowed && !state.listingComplete) {
    return {
      source: 'api',
      indexFiltersOff: false,
      notice: { tone: 'info', text: `The search index is catching up: ${state.message ?? ''} ${API_LIST} until then.` },
    }
  }
  const complete = state.listingComplete && (state.pendingDetails === 0 || !usesDetailFilters(search))
  return {
    source: 'index',
    indexFiltersOff: false,
    notice: complete
      ? null
      : { tone: 'warning', text: `These results may be incomplete. ${state.message ?? 'The index is catching up.'}` },
  }
}

/** A 400 is the view's own fault (a stale cursor): the page shows it rather than another source. */
export const isInvalidView = (error: unknown): boolean => isApiError(error) && error.status === 400

/**
 * The source for the index's answer or its failure; null while neither is known, or when the view is invalid.
 * A page past the first is read from the list that wrote its cursor, whatever the index says now: the
 * other cannot read it (the index refuses the voice API's cursors, the API the index's).
 */
export function sourceOfAnswer(
  search: CallsSearch,
  data: CallSearchResponse | undefined,
  error: unknown,
): SourceChoice | null {
  const choice = data
    ? chooseCallsSource(search, { state: data.index })
    : error && !isInvalidView(error)
      ? chooseCallsSource(search, { failed: errorText(error) })
      : null
  const written = cursorOf(search)?.source
  if (written === 'api' && choice?.source !== 'api')
    return {
      source: 'api',
      indexFiltersOff: true,
      notice: choice && {
        tone: 'info',
        text: `This page goes on through the voice API's list, as the pages before it did. ${API_LIST}; the first page reads the search index again.`,
      },
    }
  // The index wrote the cursor: its page, said to be partial when the index is not complete.
  if (written === 'index' && choice?.source === 'api') {
    if (!data) return null
    return {
      source: 'index',
      indexFiltersOff: false,
      notice: { tone: 'warning', text: `These results may be incomplete. ${data.index.message ?? ''}`.trim() },
    }
  }
  return choice
}
