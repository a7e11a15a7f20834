// Query options for New call's caller-ID suggestion (the console's call index): the one place that names their keys.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import {
  CALLER_ID_SUGGESTION_PATHS,
  flaggedCallerIdsResponse,
  lastCallerIdResponse,
} from './contract/caller-id-suggestion-schemas'
import { CONSOLE_PREFIX } from './contract/console-schemas'

export const callerIdSuggestionQueries = {
  all: () => ['caller-id-suggestion'] as const,
  /** The caller ID last used for `to` (E.164). */
  lastUsed: (to: string) =>
    queryOptions({
      queryKey: [...callerIdSuggestionQueries.all(), 'last-used', to] as const,
      queryFn: ({ signal }) =>
        apiRequest(CALLER_ID_SUGGESTION_PATHS.lastUsed, {
          prefix: CONSOLE_PREFIX,
          query: { to },
          schema: lastCallerIdResponse,
          signal,
        }),
      // Stale at once: New call opened again after placing a call asks again, and shows the call just placed
      // (invalidating it from the placement would put this module in the form's first JavaScript).
    }),
  flagged: () =>
    queryOptions({
      queryKey: [...callerIdSuggestionQueries.all(), 'flagged'] as const,
      queryFn: ({ signal }) =>
        apiRequest(CALLER_ID_SUGGESTION_PATHS.flagged, {
          prefix: CONSOLE_PREFIX,
          schema: flaggedCallerIdsResponse,
          signal,
        }),
      // Flags move with the calls, a few a minute (as caller-ID health).
      staleTime: 60_000,
    }),
}
