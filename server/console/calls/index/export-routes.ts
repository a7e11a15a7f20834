// GET /api/console/calls/export.csv: every call the search's filters select, newest first, as a CSV
// attachment streamed a page at a time (calls:read, as search). The count goes first, in X-Total-Count.
// Each export is audited when it ends: who, the filters, and how many rows went out; "complete" only once the
// last byte went to the client's connection, "aborted" when the client went away before.
import { Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import { callExportQuery, EXPORT_METADATA_COLUMNS_MAX } from '../../../../src/api/contract/call-export-schemas'
import { CALL_INDEX_PATHS, EXPORT_TOTAL_HEADER } from '../../../../src/api/contract/call-index-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import { requirePermission, type SessionEnv } from '../../auth/require-session'
import { sameSiteOnly } from '../../http/csrf'
import { BYTE_ORDER_PARAM, byteOrderRefusal, CSV_CONTENT_TYPE, csvFileName, wantsByteOrder } from '../../http/csv'
import { type CsvStreamEnd, csvStream } from '../../http/csv-stream'
import type { ExportTurns } from '../../http/export-turns'
import { sendInvalidFields } from '../../http/invalid-fields'
import { queryString } from '../../http/query-string'
import { streamDelivery } from '../../http/response-delivery'
import type { ConsoleStore } from '../../store'
import { exportColumns } from './export-columns'
import { searchFilterOf, termsProblem } from './search-filter'

// A page of the index per read of the stream: 40 to 60 KB of CSV, made into CSV 50 rows between turns of the loop.
const EXPORT_PAGE = 250

/** How the export ended, as its audit entry says it. */
const endedText = (ended: CsvStreamEnd, rows: number) =>
  ended === 'complete' ? 'complete' : `${ended} after ${rows.toLocaleString('en-US')} rows`

export function callExportRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  /** The instance's export turns, which every export shares: a person's slots, and the pages' line. */
  exportTurns: ExportTurns
  now: () => number
}) {
  const { store, audit, signedIn, exportTurns, now } = options
  /**
   * The selection is fixed here (store/call-selection.ts): the calls that match now, each sent once, newest first;
   * a call indexed from now on, or one that comes to match (its details, outcome or note came since), is not sent.
   * The columns are the metadata keys of the calls indexed now.
   */
  const select = async (query: z.output<typeof callExportQuery>) => {
    const filter = { ...searchFilterOf(query), rowsThrough: await store.callSearch.lastRow() }
    const selection = await store.callSearch.selection(filter)
    return { selection, keys: await store.callSearch.metadataKeys(filter, EXPORT_METADATA_COLUMNS_MAX) }
  }

  // The byte order is read before the filters: a wrong `bom` is refused on its own, as every export does.
  const exportQuery = queryString(z.extend(callExportQuery, BYTE_ORDER_PARAM), (c, error, sent) => {
    const refused = byteOrderRefusal(c, error)
    if (refused) return refused
    const zone = error.issues.some((issue) => issue.path[0] === 'tz')
    const detail = zone
      ? `“${String(sent.tz).slice(0, 64)}” is not a time zone the console knows. Use an IANA name such as Europe/Berlin, or UTC.`
      : 'One of the search filters is not valid; clear it and try again.'
    return sendInvalidFields(c, error, detail, 'Invalid export')
  })

  return new Hono<SessionEnv>().get(
    CALL_INDEX_PATHS.export,
    signedIn,
    requirePermission('calls:read'),
    sameSiteOnly('Export the calls from the Calls page.'),
    exportQuery,
    async (c) => {
      const { bom, ...query } = c.req.valid('query')
      const byteOrder = { bom: wantsByteOrder({ bom }) }
      const short = termsProblem(c, query.q, 'Invalid export')
      if (short) return short
      const { tz, ...filters } = query
      const userId = c.get('session').userId
      const claim = await exportTurns.claim(c, userId)
      if (claim instanceof Response) return claim
      // Refused for its cost (503) or failed: no export is under way.
      const { selection, keys } = await select(query).catch(async (error: unknown) => {
        await claim.release()
        throw error
      })
      const { total } = selection
      const columns = exportColumns({
        metadataKeys: keys.length > EXPORT_METADATA_COLUMNS_MAX ? null : keys,
        timeZone: tz ?? null,
      })
      const facts = { actor: actorOf(c.get('session')), ...requestFacts(c) }
      // Its start before its first byte, its end once delivered: an instance killed between the client's last byte
      // and the end's entry still leaves the export in the trail (instance-faults.hard.test.ts).
      await audit
        .record({
          ...facts,
          action: 'calls.export-started',
          target: null,
          outcome: 200,
          detail: { filters, timeZone: tz ?? null, total },
        })
        .catch(async (error: unknown) => {
          await claim.release()
          throw error
        })
      const body = csvStream({
        bom: byteOrder.bom,
        header: columns.header,
        batches: selection.pages(EXPORT_PAGE),
        values: columns.values,
        turns: exportTurns.pages(userId),
        delivery: streamDelivery(c),
        onEnd: async ({ ended, rows }) => {
          await claim.release()
          return audit.record({
            ...facts,
            action: 'calls.exported',
            target: null,
            outcome: 200,
            detail: { filters, timeZone: tz ?? null, total, rows, ended: endedText(ended, rows) },
          })
        },
      })
      return c.body(body, 200, {
        'Content-Type': CSV_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="${csvFileName('calls', now())}"`,
        [EXPORT_TOTAL_HEADER]: String(total),
      })
    },
  )
}
