// The console's call index from the dashboard: search, its state, and an admin's full backfill.
import { queryOptions } from '@tanstack/react-query'
import { callQueries } from './calls'
import { apiRequest } from './client'
import {
  CALL_INDEX_PATHS,
  type CallSearchQuery,
  callPlacers,
  callSearchResponse,
  indexState,
} from './contract/call-index-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

export const callIndexQueries = {
  /** Under the calls' key: what refreshes calls refreshes searches too. Not under `lists`: another shape. */
  searches: () => [...callQueries.all(), 'search'] as const,
  search: (query: CallSearchQuery) =>
    queryOptions({
      queryKey: [...callIndexQueries.searches(), query] as const,
      queryFn: ({ signal }) =>
        apiRequest(CALL_INDEX_PATHS.search, {
          ...onConsole,
          query: { ...query },
          schema: callSearchResponse,
          signal,
        }),
    }),
  /** The people who placed calls through this console, for the "Placed by" filter. */
  placers: () =>
    queryOptions({
      queryKey: ['call-placers'] as const,
      queryFn: ({ signal }) => apiRequest(CALL_INDEX_PATHS.placers, { ...onConsole, schema: callPlacers, signal }),
      staleTime: 60_000,
    }),
  state: () =>
    queryOptions({
      queryKey: ['call-index'] as const,
      queryFn: ({ signal }) => apiRequest(CALL_INDEX_PATHS.index, { ...onConsole, schema: indexState, signal }),
    }),
}

/** Lists every call of the account again (admins); the answer is the index's state with the backfill running. */
export const startBackfill = () =>
  apiRequest(CALL_INDEX_PATHS.index, { ...onConsole, method: 'POST', schema: indexState })
