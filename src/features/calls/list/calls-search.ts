// Search params of /calls, named as the API's query parameters (and the call index's, for what only the
// index can filter) so a link reproduces the view. Each field falls back to its default instead of failing.
import * as z from 'zod/mini'
import { type CallSearchQuery, callSearchQuery, SEARCH_PAGE_SIZES } from '@/api/contract/call-index-schemas'
import { withoutShortTerms } from '@/api/contract/call-query'
import { CALL_STATUSES, type ListCallsQuery } from '@/api/contract/schemas'
import { toInstant } from '@/lib/local-date'

export const PAGE_SIZES = SEARCH_PAGE_SIZES
const DEFAULT_PAGE_SIZE = 25

/** Each param is optional, and an invalid value reads as absent: the view falls back to its default. */
const orNone = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined)

const dateParam = z.union([z.iso.date(), z.iso.datetime({ offset: true })])
/** The router reads `?q=12345` as a number; the search box's text is a string whatever it holds. */
const textParam = z.pipe(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) => String(value)),
  ),
  z.string().check(z.minLength(1), z.maxLength(200)),
)
const secondsParam = z.number().check(z.int(), z.minimum(0), z.maximum(86_400))
const pageSize = z.coerce.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n)))

export const callsSearchSchema = z.object({
  q: orNone(textParam),
  status: orNone(z.enum(CALL_STATUSES)),
  from_date: orNone(dateParam),
  to_date: orNone(dateParam),
  placed_by: orNone(callSearchQuery.shape.placed_by.def.innerType),
  caller_id: orNone(callSearchQuery.shape.caller_id.def.innerType),
  has_recording: orNone(z.boolean()),
  voicemail_drop: orNone(z.boolean()),
  min_duration: orNone(secondsParam),
  max_duration: orNone(secondsParam),
  outcome: orNone(callSearchQuery.shape.outcome.def.innerType),
  limit: z.catch(z._default(pageSize, DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
  cursor: orNone(z.string().check(z.minLength(1))),
  // Cursors of the pages before this one ('' is the first page), for "Previous".
  prev: orNone(z.array(z.string()).check(z.maxLength(500))),
})

export type CallsSearch = z.infer<typeof callsSearchSchema>

/** What only the console's index can filter by; the voice API's list knows status and dates. */
export const INDEX_ONLY_FILTERS = [
  'q',
  'placed_by',
  'caller_id',
  'has_recording',
  'voicemail_drop',
  'min_duration',
  'max_duration',
  'outcome',
] as const satisfies readonly (keyof CallsSearch)[]

/** Every filter cleared: the view a link to /calls opens. */
export const CLEARED_FILTERS: Partial<CallsSearch> = {
  status: undefined,
  from_date: undefined,
  to_date: undefined,
  ...Object.fromEntries(INDEX_ONLY_FILTERS.map((name) => [name, undefined])),
}

const instant = (date: string | undefined) => date && toInstant(date)

/** Which list wrote a page's cursor: that page is read from the same list, whatever the index says now. */
export type CursorSource = 'index' | 'api'
// The voice API's cursors are opaque and may hold anything; the index's are base64url, never with a colon.
const API_CURSOR = 'api:'

/** The cursor as the URL keeps it: the voice API's marked as such, the index's as they are. */
export function pageCursor(source: CursorSource, cursor: string): string {
  return source === 'api' ? `${API_CURSOR}${cursor}` : cursor
}

/** Who wrote the view's cursor, and the cursor as its writer reads it; null on the first page. */
export function cursorOf(search: CallsSearch): { source: CursorSource; cursor: string } | null {
  const raw = search.cursor
  if (!raw) return null
  if (raw.startsWith(API_CURSOR) && raw.length > API_CURSOR.length)
    return { source: 'api', cursor: raw.slice(API_CURSOR.length) }
  return { source: 'index', cursor: raw }
}

const cursorFrom = (search: CallsSearch, source: CursorSource) => {
  const written = cursorOf(search)
  return written?.source === source ? written.cursor : undefined
}

const listFilters = (search: CallsSearch) => ({
  status: search.status,
  from_date: instant(search.from_date),
  to_date: instant(search.to_date),
  limit: search.limit,
})

/**
 * The API query for a view: everything but the trail, with a plain date read as the local day's start.
 * Only a cursor the API wrote goes to it (another is not its own to read).
 */
export function toListQuery(search: CallsSearch): ListCallsQuery {
  return { ...listFilters(search), cursor: cursorFrom(search, 'api') }
}

/**
 * The index's query for a view: the API's filters and the index's own, as the search route reads them.
 * Only a cursor the index wrote goes to it; on a page of the API's list it answers its first page (and its state).
 * Terms too short to search are left out (the console refuses them; the search box says so).
 */
export function toSearchQuery(search: CallsSearch): CallSearchQuery {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : (String(value) as 'true' | 'false'))
  return {
    ...listFilters(search),
    cursor: cursorFrom(search, 'index'),
    q: withoutShortTerms(search.q ?? '') || undefined,
    placed_by: search.placed_by,
    caller_id: search.caller_id,
    has_recording: flag(search.has_recording),
    voicemail_drop: flag(search.voicemail_drop),
    min_duration: search.min_duration,
    max_duration: search.max_duration,
    outcome: search.outcome,
  }
}

/** Changing a filter starts again at the first page. */
export function withFilters(search: CallsSearch, change: Partial<CallsSearch>): CallsSearch {
  return { ...search, ...change, cursor: undefined, prev: undefined }
}

/** Whether the view is narrowed by something only the index can filter. */
export function usesIndexOnlyFilters(search: CallsSearch): boolean {
  return INDEX_ONLY_FILTERS.some((name) => search[name] !== undefined)
}

/** Whether the view is narrowed by anything a person set (the page size narrows nothing). */
export function hasFilters(search: CallsSearch): boolean {
  return Boolean(search.status || search.from_date || search.to_date) || usesIndexOnlyFilters(search)
}
