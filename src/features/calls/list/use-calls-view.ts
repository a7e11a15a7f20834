// The rows of the calls page and how they were read: the index's search first; the voice API's list when
// the index cannot answer the view completely (calls-source.ts). One shape for the page whichever it is.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callIndexQueries } from '@/api/call-index'
import { callQueries } from '@/api/calls'
import type { CallSearchResponse, IndexedCall } from '@/api/contract/call-index-schemas'
import { nextCursorOf } from '@/api/contract/next-cursor'
import type { PlacedByResponse } from '@/api/contract/placed-by-schemas'
import type { CallListItem, ListCallsResponse } from '@/api/contract/schemas'
import { placedByQueries } from '@/api/placed-by'
import { listPollInterval } from '@/lib/call-status'
import { useHeldError } from '@/lib/use-held-error'
import { useIsLive } from '@/live/use-live'
import { type CallsSearch, pageCursor, toListQuery, toSearchQuery } from './calls-search'
import { isInvalidView, sourceOfAnswer } from './calls-source'

/** Without the event stream, new calls appear at the top of the first page without a reload. */
const FIRST_PAGE_POLL_MS = 10_000
/**
 * Live, the stream patches rows and asks again for calls a page does not hold; a first page also asks
 * this often, for what no event announces (a call the index learned of from its own sync).
 */
const LIVE_BACKSTOP_MS = 30_000
/** While the list comes from the API, the index is asked this often whether it can answer again. */
const INDEX_RETRY_MS = 30_000

/** A row of the table: the list's fields, and what the index adds when it is the source. */
export type CallRow = CallListItem & Partial<Pick<IndexedCall, 'has_recording' | 'metadata' | 'outcome'>>

export interface PlacedByAnswer {
  placedBy: PlacedByResponse['placedBy'] | undefined
  failed: boolean
}

const placedByOfRows = (calls: IndexedCall[]): PlacedByResponse['placedBy'] =>
  Object.fromEntries(calls.flatMap((call) => (call.placedBy ? [[call.call_id, call.placedBy]] : [])))

function nextPageCursor(
  fromApi: boolean,
  api: ListCallsResponse | undefined,
  index: CallSearchResponse | undefined,
): string | null {
  const cursor = fromApi ? api && nextCursorOf(api) : index?.nextCursor
  return cursor ? pageCursor(fromApi ? 'api' : 'index', cursor) : null
}

export function useCallsView(search: CallsSearch) {
  const live = useIsLive()
  const firstPage = !search.cursor
  const pollFor = (statuses: string[] | undefined) =>
    live ? firstPage && LIVE_BACKSTOP_MS : listPollInterval(statuses) || (firstPage && FIRST_PAGE_POLL_MS)

  const indexQuery = useQuery({
    ...callIndexQueries.search(toSearchQuery(search)),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      sourceOfAnswer(search, q.state.data, q.state.error)?.source === 'api'
        ? INDEX_RETRY_MS
        : pollFor(q.state.data?.calls.map((c) => c.status)),
  })
  // The index's failure stands until it answers again: a refetch (each live event asks) does not put the
  // page back to "no source yet", which on a busy account would flip it between sources and never settle.
  const indexError = useHeldError(indexQuery.error, {
    fetching: indexQuery.isFetching,
    hasData: indexQuery.data !== undefined,
  })
  const invalidView = isInvalidView(indexError)
  const choice = sourceOfAnswer(search, indexQuery.data, indexError)
  const fromApi = choice?.source === 'api'

  const apiQuery = useQuery({
    ...callQueries.list(toListQuery(search)),
    enabled: fromApi,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollFor(q.state.data?.calls.map((c) => c.status)),
  })
  const apiRows = fromApi ? apiQuery.data?.calls : undefined
  const apiPlacedBy = useQuery({
    ...placedByQueries.calls(apiRows?.map((call) => call.call_id) ?? []),
    enabled: Boolean(apiRows?.length),
  })

  const query = fromApi ? apiQuery : indexQuery
  const rows: CallRow[] | undefined = fromApi ? apiRows : indexQuery.data?.calls
  const placedBy: PlacedByAnswer = fromApi
    ? { placedBy: apiPlacedBy.data?.placedBy, failed: apiPlacedBy.isError }
    : { placedBy: indexQuery.data && placedByOfRows(indexQuery.data.calls), failed: false }

  const error = useHeldError(invalidView ? indexError : query.error, {
    fetching: query.isFetching,
    hasData: rows !== undefined,
  })

  return {
    choice,
    rows,
    placedBy,
    /** As the URL keeps it: marked with the list that wrote it, so the next page is read from that list. */
    nextCursor: nextPageCursor(fromApi, apiQuery.data, indexQuery.data),
    /** The index's count of the rows the view selects, and their billed minutes; unknown when the list comes from the API. */
    total:
      fromApi || !indexQuery.data
        ? null
        : {
            count: indexQuery.data.total,
            capped: indexQuery.data.totalCapped,
            billedMinutes: indexQuery.data.billedMinutes ?? null,
            // A first listing still under way: the count grows (3,000 read as a total while 8,905 were coming).
            counting: indexQuery.data.index.state !== 'ready',
          },
    error,
    isError: error !== null,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
    dataUpdatedAt: query.dataUpdatedAt,
    refetch: () => void query.refetch(),
  }
}
