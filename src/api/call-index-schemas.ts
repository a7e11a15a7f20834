// The contract of the console's call index: search with filters, the index's state, saved views
// and the CSV export. The console keeps the index (server/console/calls/index/); the calls page reads it.
import { z } from 'zod'
import { placedBy } from './audit-schemas'
import { CALL_STATUSES, callDetail } from './schemas'

/** Under CONSOLE_PREFIX. */
export const CALL_INDEX_PATHS = {
  search: '/calls/search',
  export: '/calls/export.csv',
  /** The index's state; admins also start a backfill here (POST). */
  index: '/calls/index',
  views: '/views',
} as const

export const SEARCH_PAGE_SIZES = [25, 50, 100] as const

/** A search counts its matches up to here; the page then says "10,000+". */
export const SEARCH_COUNT_CAP = 10_000

const boolParam = z.enum(['true', 'false']).transform((value) => value === 'true')
const secondsParam = z.coerce.number().int().min(0).max(86_400)

/**
 * The query of a search, named as in the calls page's URL (the API's own names where it has them).
 * Every field optional; `q` is read by parseCallQuery (call-query.ts).
 */
export const callSearchQuery = z.object({
  q: z.string().max(200).optional(),
  status: z.enum(CALL_STATUSES).optional(),
  from_date: z.iso.datetime({ offset: true }).optional(),
  to_date: z.iso.datetime({ offset: true }).optional(),
  /** A user id of this console, or `api` for calls placed outside it. */
  placed_by: z.string().min(1).max(100).optional(),
  caller_id: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/)
    .optional(),
  has_recording: boolParam.optional(),
  voicemail_drop: boolParam.optional(),
  min_duration: secondsParam.optional(),
  max_duration: secondsParam.optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (SEARCH_PAGE_SIZES as readonly number[]).includes(n))
    .optional(),
  cursor: z.string().max(200).optional(),
})
export type CallSearchQuery = z.input<typeof callSearchQuery>

/** Whether this runtime's Intl knows the zone: an IANA name such as Europe/Berlin, or UTC. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The CSV export's query: the search's own filters and terms (its page size and cursor are not read:
 * every page is sent), and the viewer's time zone.
 */
export const callExportQuery = callSearchQuery.omit({ limit: true, cursor: true }).extend({
  /** Each time gets a second column in this zone, named after it (`created_at (Europe/Berlin)`); none: UTC only. */
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: 'Use an IANA time zone such as Europe/Berlin, or UTC.' })
    .optional(),
})
export type CallExportQuery = z.input<typeof callExportQuery>

/** A call as the index holds it: the call detail's fields, who placed it, and whether details are in yet. */
export const indexedCall = callDetail
  .pick({
    call_id: true,
    status: true,
    caller_id: true,
    destination: true,
    duration_seconds: true,
    created_at: true,
  })
  .extend({
    /** Null until the call's details are indexed (the list has none of these). */
    billed_minutes: z.number().int().nonnegative().nullable(),
    has_recording: z.boolean().nullable(),
    voicemail_drop: z.boolean().nullable(),
    source: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    updated_at: z.iso.datetime().nullable(),
    placedBy: placedBy.nullable(),
  })
export type IndexedCall = z.infer<typeof indexedCall>

/**
 * How far the index can be trusted. `ready`: every call up to `syncedTo` is in, with details.
 * `catching-up`: some are missing (a backfill runs, or details are still being fetched): results may be
 * incomplete. `unavailable`: no index (no API key, or it failed); the page falls back to the API's filters.
 */
export const indexState = z.object({
  state: z.enum(['ready', 'catching-up', 'unavailable']),
  indexed: z.number().int().nonnegative(),
  /** Calls still without details. */
  pendingDetails: z.number().int().nonnegative(),
  /** Newest creation time the incremental sync has covered; null before the first sync. */
  syncedTo: z.iso.datetime().nullable(),
  backfill: z
    .object({
      running: z.boolean(),
      /** Calls listed so far by the backfill, of about `estimatedTotal` (null until known). */
      listed: z.number().int().nonnegative(),
      estimatedTotal: z.number().int().nonnegative().nullable(),
      finishedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  message: z.string().nullable(),
})
export type IndexState = z.infer<typeof indexState>

export const callSearchResponse = z.object({
  calls: z.array(indexedCall),
  /** Opaque; pass back as `cursor`. Null on the last page. */
  nextCursor: z.string().nullable(),
  /** The calls the query selects on all pages, counted up to SEARCH_COUNT_CAP (the export counts them all). */
  total: z.number().int().nonnegative(),
  /** More than `total` match: counting stopped at the cap, so a broad search stays fast. */
  totalCapped: z.boolean(),
  index: indexState,
})
export type CallSearchResponse = z.infer<typeof callSearchResponse>

/** A saved view: a name and the calls page's search params, kept per person; shared ones are seen by all. */
export const savedViewInput = z.object({
  name: z.string().trim().min(1, { error: 'Name the view.' }).max(80, { error: 'Keep the name under 80 characters.' }),
  /** The calls page's URL search, as a query string without "?". */
  search: z.string().max(2_000),
  shared: z.boolean(),
  pinned: z.boolean(),
})
export type SavedViewInput = z.infer<typeof savedViewInput>

export const savedView = savedViewInput.extend({
  id: z.string(),
  owner: placedBy,
  /** Whether the person asking may change or delete it (the owner). */
  mine: z.boolean(),
  updatedAt: z.iso.datetime(),
})
export type SavedView = z.infer<typeof savedView>

export const savedViewList = z.object({ views: z.array(savedView) })

/** The export's header: the row count the query selects, sent before the rows. */
export const EXPORT_TOTAL_HEADER = 'X-Total-Count'

/**
 * The export gives each metadata key of the calls it selects a column (`metadata.ticket`), up to this many
 * keys; past it, one `metadata` column holds each call's metadata as JSON.
 */
export const EXPORT_METADATA_COLUMNS_MAX = 50
