import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './api/client'
import { markUnauthorized } from './api/connection'
import { retryDelay, shouldRetry } from './api/retry'

// A 401 from anywhere means the key is missing or wrong: handled here once.
function onError(error: unknown) {
  if (isApiError(error) && error.status === 401) markUnauthorized()
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: shouldRetry,
      retryDelay,
    },
    mutations: {
      // Only mutations that carry an Idempotency-Key opt in to retries.
      retry: false,
    },
  },
})
