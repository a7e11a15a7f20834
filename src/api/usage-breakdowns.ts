// Query options for the usage breakdowns, read from the console's call index:
// the one place that names their keys.
import { queryOptions } from '@tanstack/react-query'
import { apiRequest, apiUrl } from './client'
import { CONSOLE_PREFIX } from './contract/console-schemas'
import {
  type BreakdownQuery,
  breakdownResponse,
  metadataKeysResponse,
  peopleResponse,
  USAGE_BREAKDOWN_PATHS,
  type UsagePeriodQuery,
  usageDaysResponse,
} from './contract/usage-breakdown-schemas'

const onConsole = { prefix: CONSOLE_PREFIX }

// The index moves as calls end: a minute-old breakdown is fine, and returning to the page refetches it.
const INDEX_STALE_MS = 30_000

export const usageBreakdownQueries = {
  all: () => ['usage-breakdowns'] as const,
  days: (query: UsagePeriodQuery) =>
    queryOptions({
      queryKey: [...usageBreakdownQueries.all(), 'days', query] as const,
      queryFn: ({ signal }) =>
        apiRequest(USAGE_BREAKDOWN_PATHS.days, { ...onConsole, query, schema: usageDaysResponse, signal }),
      staleTime: INDEX_STALE_MS,
    }),
  breakdown: (query: BreakdownQuery) =>
    queryOptions({
      queryKey: [...usageBreakdownQueries.all(), 'breakdown', query] as const,
      queryFn: ({ signal }) =>
        apiRequest(USAGE_BREAKDOWN_PATHS.breakdown, { ...onConsole, query, schema: breakdownResponse, signal }),
      staleTime: INDEX_STALE_MS,
    }),
  /** Issue 51, item 8: each person's calls, reached rate, talk minutes and outcomes over the period. */
  people: (query: UsagePeriodQuery) =>
    queryOptions({
      queryKey: [...usageBreakdownQueries.all(), 'people', query.from, query.to] as const,
      queryFn: ({ signal }) =>
        apiRequest(USAGE_BREAKDOWN_PATHS.people, {
          ...onConsole,
          query: { from: query.from, to: query.to },
          schema: peopleResponse,
          signal,
        }),
      staleTime: INDEX_STALE_MS,
    }),
  metadataKeys: (query: UsagePeriodQuery) =>
    queryOptions({
      queryKey: [...usageBreakdownQueries.all(), 'metadata-keys', query.from, query.to] as const,
      queryFn: ({ signal }) =>
        apiRequest(USAGE_BREAKDOWN_PATHS.metadataKeys, {
          ...onConsole,
          query: { from: query.from, to: query.to },
          schema: metadataKeysResponse,
          signal,
        }),
      staleTime: INDEX_STALE_MS,
    }),
}

/** Where the CSV of a breakdown downloads from: a plain link, so the browser saves the attachment itself. */
export function breakdownExportHref(query: BreakdownQuery): string {
  const { from, to, tz, by, key } = query
  return apiUrl(USAGE_BREAKDOWN_PATHS.breakdownExport, { from, to, tz, by, key }, CONSOLE_PREFIX)
}
