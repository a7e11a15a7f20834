// The contract of the console's call index: search with filters, the index's state and the CSV export (saved
// views: saved-view-schemas.ts). The console keeps the index (server/console/calls/index/); the calls page reads it.
import * as z from 'zod/mini'
import { isPlainText, PLAIN_TEXT_ERROR } from './call-query'
import { placedBy } from './placed-by-schemas'
import { CALL_STATUSES, nonNegativeInt } from './schemas'

/** Under CONSOLE_PREFIX. */
export const CALL_INDEX_PATHS = {
  search: '/calls/search',
  export: '/calls/export.csv',
  /** The index's state; admins also start a backfill here (POST). */
  index: '/calls/index',
  views: '/views',
  /** The people who placed calls through this console: the "Placed by" filter's choices. */
  placers: '/calls/placers',
} as const

export const SEARCH_PAGE_SIZES = [25, 50, 100] as const

/** The console's index lists new calls this often: a call placed outside the console is searchable after it. */
export const INDEX_SYNC_MS = 5_000

/** A search counts its matches up to here; the page then says "10,000+". */
export const SEARCH_COUNT_CAP = 10_000

const boolParam = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
)
export const plainText = z.refine<string>(isPlainText, { error: PLAIN_TEXT_ERROR })
const secondsParam = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(86_400))

/**
 * The query of a search, named as in the calls page's URL (the API's own names where it has them).
 * Every field optional; `q` is read by parseCallQuery (call-query.ts).
 */
export const callSearchQuery = z.object({
  /** A term too short to search (shortTermsError) is refused by the console's routes, not by this schema. */
  q: z.optional(z.string().check(z.maxLength(200), plainText)),
  status: z.optional(z.enum(CALL_STATUSES)),
  from_date: z.optional(z.iso.datetime({ offset: true })),
  to_date: z.optional(z.iso.datetime({ offset: true })),
  /** A user id of this console, or `api` for calls placed outside it. */
  placed_by: z.optional(z.string().check(z.minLength(1), z.maxLength(100), plainText)),
  caller_id: z.optional(z.string().check(z.regex(/^\+[1-9]\d{1,14}$/))),
  has_recording: z.optional(boolParam),
  voicemail_drop: z.optional(boolParam),
  min_duration: z.optional(secondsParam),
  max_duration: z.optional(secondsParam),
  /** Issue 51: the recorded outcome's kind id, or `none` for calls without one. */
  outcome: z.optional(z.string().check(z.minLength(1), z.maxLength(40), plainText)),
  limit: z.optional(
    z.coerce.number().check(
      z.int(),
      z.refine((n) => (SEARCH_PAGE_SIZES as readonly number[]).includes(n)),
    ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(200), plainText)),
})
/** The query as the dashboard sends it (the schema coerces numbers from the URL's strings). */
export type CallSearchQuery = Omit<z.input<typeof callSearchQuery>, NumberParam> & { [K in NumberParam]?: number }
type NumberParam = 'min_duration' | 'max_duration' | 'limit'

/** A call as the index holds it: the call detail's fields, who placed it, and whether details are in yet. */
const indexedCall = z.object({
  call_id: z.string(),
  status: z.string(),
  /** Empty when the service did not give the number. */
  caller_id: z.string(),
  destination: z.string(),
  // As the service gave them: the spec says integer, and no more.
  duration_seconds: z.nullable(z.int()),
  created_at: z.iso.datetime({ offset: true }),
  /** Null until the call's details are indexed (the list has none of these), or when the service gave none. */
  billed_minutes: z.nullable(z.int()),
  has_recording: z.nullable(z.boolean()),
  voicemail_drop: z.nullable(z.boolean()),
  source: z.nullable(z.string()),
  metadata: z.nullable(z.record(z.string(), z.unknown())),
  updated_at: z.nullable(z.iso.datetime()),
  placedBy: z.nullable(placedBy),
  /** Issue 51: the outcome recorded after the call (absent from a console before it). */
  outcome: z.optional(z.nullable(z.object({ id: z.string(), label: z.string() }))),
})
export type IndexedCall = z.infer<typeof indexedCall>

/**
 * How far the index can be trusted. `ready`: every call up to `syncedTo` is in, with details.
 * `catching-up`: some are missing (a backfill runs, or details are still being fetched): results may be
 * incomplete. `unavailable`: no index (no API key, or it failed); the page falls back to the API's filters.
 */
export const indexState = z.object({
  state: z.enum(['ready', 'catching-up', 'unavailable']),
  indexed: nonNegativeInt,
  /**
   * Every call created up to `syncedTo` is in (a backfill has finished and the sync is answered), so
   * filters the list has (status, dates, numbers, caller ID, duration, placed by) are complete; filters on
   * details (metadata, recording, voicemail drop) are too once `pendingDetails` is 0.
   */
  listingComplete: z.boolean(),
  /** Calls still without details. */
  pendingDetails: nonNegativeInt,
  /** Newest creation time the incremental sync has covered; null before the first sync. */
  syncedTo: z.nullable(z.iso.datetime()),
  backfill: z.nullable(
    z.object({
      running: z.boolean(),
      /** Calls listed so far by the backfill, of about `estimatedTotal` (null until known). */
      listed: nonNegativeInt,
      estimatedTotal: z.nullable(nonNegativeInt),
      finishedAt: z.nullable(z.iso.datetime()),
    }),
  ),
  message: z.nullable(z.string()),
  /**
   * For admins: a listing of the voice service the sync cut short (a repeated cursor, pages that brought
   * nothing new, too many pages), in words; absent when every listing ended as the service said.
   */
  notice: z.optional(z.nullable(z.string())),
})
export type IndexState = z.infer<typeof indexState>

export const callSearchResponse = z.object({
  calls: z.array(indexedCall),
  /** Opaque; pass back as `cursor`. Null on the last page. */
  nextCursor: z.nullable(z.string()),
  /** The calls the query selects on all pages, counted up to SEARCH_COUNT_CAP (the export counts them all). */
  total: nonNegativeInt,
  /** More than `total` match: counting stopped at the cap, so a broad search stays fast. */
  totalCapped: z.boolean(),
  /**
   * Billed minutes of the calls the query selects (on all pages): of ended calls whose details are in, as
   * the usage page counts them. Null when the count was capped (`totalCapped`); absent from an older console.
   */
  billedMinutes: z.optional(z.nullable(z.int())),
  index: indexState,
})
export type CallSearchResponse = z.infer<typeof callSearchResponse>

export const callPlacers = z.object({ people: z.array(placedBy) })
export type CallPlacers = z.infer<typeof callPlacers>

/** The calls page's relative date ranges: a saved view keeps one as itself, resolved on the day it is opened. */
export const DATE_PRESET_IDS = ['today', 'yesterday', 'last-7-days', 'billing-period'] as const
export const datePreset = z.enum(DATE_PRESET_IDS)
export type DatePreset = z.infer<typeof datePreset>

/** The export's header: the row count the query selects, sent before the rows. */
export const EXPORT_TOTAL_HEADER = 'X-Total-Count'
