// Search params of /calls, named as the API's query parameters so a link
// reproduces the view. Each field falls back to its default instead of failing.
import { z } from 'zod'
import { CALL_STATUSES, type ListCallsQuery } from '@/api/schemas'
import { toInstant } from '@/lib/local-date'

export const PAGE_SIZES = [25, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 25

const dateParam = z.union([z.iso.date(), z.iso.datetime({ offset: true })])

export const callsSearchSchema = z.object({
  status: z.enum(CALL_STATUSES).optional().catch(undefined),
  from_date: dateParam.optional().catch(undefined),
  to_date: dateParam.optional().catch(undefined),
  limit: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE)
    .catch(DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).optional().catch(undefined),
  // Cursors of the pages before this one ('' is the first page), for "Previous".
  prev: z.array(z.string()).max(500).optional().catch(undefined),
})

export type CallsSearch = z.infer<typeof callsSearchSchema>

/** The API query for a view: everything but the trail, with a plain date read as the local day's start. */
export function toListQuery(search: CallsSearch): ListCallsQuery {
  return {
    status: search.status,
    from_date: search.from_date && toInstant(search.from_date),
    to_date: search.to_date && toInstant(search.to_date),
    limit: search.limit,
    cursor: search.cursor,
  }
}

/** Changing a filter starts again at the first page. */
export function withFilters(search: CallsSearch, change: Partial<CallsSearch>): CallsSearch {
  return { ...search, ...change, cursor: undefined, prev: undefined }
}

/** Whether the view is narrowed by anything a person set (the page size narrows nothing). */
export function hasFilters(search: CallsSearch): boolean {
  return Boolean(search.status || search.from_date || search.to_date)
}
