// The contract of the calls' CSV export (GET CALL_INDEX_PATHS.export). Only the console parses its query: the
// calls page sends the search's own (call-index-schemas.ts), so this stays out of the dashboard's JavaScript.
import * as z from 'zod/mini'
import { callSearchQuery } from './call-index-schemas'
import { timeZoneParam } from './time-zone-param'

/**
 * The CSV export's query: the search's own filters and terms (its page size and cursor are not read:
 * every page is sent), and the viewer's time zone.
 */
export const callExportQuery = z.extend(z.omit(callSearchQuery, { limit: true, cursor: true }), {
  /** Each time gets a second column in this zone, named after it (`created_at (Europe/Berlin)`); none: UTC only. */
  tz: z.optional(timeZoneParam),
})

/**
 * The export gives each metadata key of the calls it selects a column (`metadata.ticket`), up to this many
 * keys; past it, one `metadata` column holds each call's metadata as JSON.
 */
export const EXPORT_METADATA_COLUMNS_MAX = 50
