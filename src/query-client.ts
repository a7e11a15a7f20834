import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api/client'
import { retryDelay, shouldRetryRead } from './api/retry'
import { sessionQueries } from './api/session'
import { reportSessionEnded } from './api/session-ended'

// A 401 from anywhere means the session is over: handled here once. A 403 means the
// role changed (or never allowed it): the session is read again so the navigation follows.
function onError(error: unknown, meta?: Record<string, unknown>) {
  if (!isApiError(error) || meta?.handlesUnauthorized) return
  if (error.status === 401) reportSessionEnded()
  if (error.status === 403) void queryClient.invalidateQueries({ queryKey: sessionQueries.current().queryKey })
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: shouldRetryRead,
      retryDelay,
    },
    mutations: {
      // Only mutations that carry an Idempotency-Key opt in to retries.
      retry: false,
    },
  },
})
