// Query options for the account and usage: the one place that names their keys.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { apiRequest } from './client'
import { nextCursorOf } from './contract/next-cursor'
import { account, USAGE_HISTORY_PAGE_SIZE, usageHistory, usageSummary } from './contract/schemas'
import { historyRepeat } from './usage-history-paging'

export const accountQueries = {
  all: () => ['account'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) => apiRequest('/account', { schema: account, signal }),
    }),
  usage: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'usage'] as const,
      queryFn: ({ signal }) => apiRequest('/usage', { schema: usageSummary, signal }),
    }),
  usageHistory: (limit: number = USAGE_HISTORY_PAGE_SIZE.default) =>
    infiniteQueryOptions({
      queryKey: [...accountQueries.all(), 'usage-history', limit] as const,
      queryFn: ({ signal, pageParam }) =>
        apiRequest('/usage/history', { query: { limit, cursor: pageParam }, schema: usageHistory, signal }),
      initialPageParam: undefined as string | undefined,
      // No further page where the service repeats a cursor or a page (usage-history-paging.ts).
      getNextPageParam: (last, pages, _lastParam, pageParams) =>
        historyRepeat(pages, pageParams) ? undefined : (nextCursorOf(last) ?? undefined),
    }),
}
