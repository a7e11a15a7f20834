// Who placed each call, as the console recorded it: one batched read per set of calls on screen.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import { PLACED_BY_PATH, placedByResponse } from './contract/placed-by-schemas'

/** The console's limit of ids per request; a calls page holds at most 100. */
export const PLACED_BY_MAX_IDS = 100

export const placedByQueries = {
  all: () => ['placed-by'] as const,
  /** The ids sorted, so the same calls in another order (or a re-render) share one cache entry. */
  calls: (callIds: readonly string[]) => {
    const ids = [...new Set(callIds)].sort().slice(0, PLACED_BY_MAX_IDS)
    return queryOptions({
      queryKey: [...placedByQueries.all(), ids] as const,
      queryFn: ({ signal }) => {
        const params = new URLSearchParams(ids.map((id) => ['call_id', id]))
        return apiRequest(`${PLACED_BY_PATH}?${params}`, {
          prefix: CONSOLE_PREFIX,
          schema: placedByResponse,
          signal,
        })
      },
      enabled: ids.length > 0,
      // Who placed a call never changes. Not forever fresh: another tab may list a call in the moment
      // between the voice service's answer and the console recording who placed it.
      staleTime: 60_000,
    })
  },
}
