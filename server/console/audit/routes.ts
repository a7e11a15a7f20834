// /api/console/audit: the trail for admins (a page at a time, newest first), its people,
// and a CSV export of every entry the filters select, streamed a batch at a time.
import { Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import {
  AUDIT_PATHS,
  type AuditActors,
  type AuditPage,
  type AuditQuery,
  auditQuery,
} from '../../../src/api/contract/audit-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sameSiteOnly } from '../http/csrf'
import { BYTE_ORDER_PARAM, byteOrderRefusal, CSV_CONTENT_TYPE, csvFileName, wantsByteOrder } from '../http/csv'
import { csvStream } from '../http/csv-stream'
import type { ExportTurns } from '../http/export-turns'
import { sendInvalidFields } from '../http/invalid-fields'
import { queryString } from '../http/query-string'
import { streamDelivery } from '../http/response-delivery'
import type { ConsoleStore } from '../store'
import type { AuditFilter } from '../store/audit'
import type { AuditLog } from './audit-log'
import { AUDIT_CSV_HEADER, auditCsvValues } from './entry-json'
import { withAnswer } from './placement-forwarded'
import { actorOf, requestFacts } from './request-facts'

const PAGE_SIZE = 50
const EXPORT_BATCH = 500

function filterOf(query: AuditQuery): AuditFilter {
  return {
    userId: query.user,
    action: query.action,
    fromMs: query.from ? Date.parse(query.from) : undefined,
    toMs: query.to ? Date.parse(query.to) : undefined,
    beforeSeq: query.cursor ? Number(query.cursor) : undefined,
    text: query.q,
  }
}

const FILTERS_REFUSAL = {
  detail: 'One of the audit filters is not valid; clear it and try again.',
  title: 'Invalid filters',
}
const pageQuery = queryString(auditQuery, FILTERS_REFUSAL)
// The byte order is read before the filters: a wrong `bom` is refused on its own, as every export does.
const exportQuery = queryString(
  z.extend(auditQuery, BYTE_ORDER_PARAM),
  (c, error) =>
    byteOrderRefusal(c, error) ?? sendInvalidFields(c, error, FILTERS_REFUSAL.detail, FILTERS_REFUSAL.title),
)

/** Every entry the filter selects, newest first, EXPORT_BATCH at a time. */
async function* auditBatches(store: ConsoleStore, filter: AuditFilter) {
  let beforeSeq = filter.beforeSeq
  for (;;) {
    const batch = await store.audit.page({ ...filter, beforeSeq }, EXPORT_BATCH)
    if (batch.length > 0) yield batch
    if (batch.length < EXPORT_BATCH) return
    beforeSeq = batch.at(-1)?.seq
  }
}

/** Mounted at AUDIT_PATHS.page; the sub-paths are the contract's, relative to it. */
const under = (path: string) => path.slice(AUDIT_PATHS.page.length) || '/'

export function auditRoutes(
  store: ConsoleStore,
  audit: AuditLog,
  signedIn: MiddlewareHandler<SessionEnv>,
  now: () => number,
  /** The instance's export turns (http/export-turns.ts), which the calls' export takes too. */
  exportTurns: ExportTurns,
) {
  return new Hono<SessionEnv>()
    .use(signedIn, requirePermission('audit:read'))
    .get(under(AUDIT_PATHS.page), pageQuery, async (c) => {
      const query = c.req.valid('query')
      const limit = query.limit ?? PAGE_SIZE
      // One more than the page: whether there is an older page, without a count.
      const rows = await store.audit.page(filterOf(query), limit + 1)
      const entries = rows.slice(0, limit)
      const body: AuditPage = {
        entries: await Promise.all(entries.map((row) => withAnswer(store, row))),
        nextCursor: rows.length > limit ? String(entries.at(-1)?.seq) : null,
      }
      return c.json(body)
    })
    .get(under(AUDIT_PATHS.actors), async (c) => {
      const users = await store.users.list()
      const body: AuditActors = { actors: users.map((user) => ({ userId: user.id, email: user.email })) }
      return c.json(body)
    })
    .get(
      under(AUDIT_PATHS.export),
      sameSiteOnly('Open the export from the Audit log page.'),
      exportQuery,
      async (c) => {
        const { bom, ...query } = c.req.valid('query')
        const byteOrder = { bom: wantsByteOrder({ bom }) }
        const filter = filterOf(query)
        const { cursor: _cursor, limit: _limit, ...filters } = query
        const session = c.get('session')
        const facts = { actor: actorOf(session), ...requestFacts(c) }
        const claim = await exportTurns.claim(c, session.userId)
        if (claim instanceof Response) return claim
        const body = csvStream({
          bom: byteOrder.bom,
          header: AUDIT_CSV_HEADER,
          batches: auditBatches(store, filter),
          values: auditCsvValues,
          turns: exportTurns.pages(session.userId),
          delivery: streamDelivery(c),
          onEnd: async ({ ended, rows }) => {
            await claim.release()
            return audit.record({
              ...facts,
              action: 'audit.exported',
              target: null,
              outcome: 200,
              detail: { filters, rows, complete: ended === 'complete' },
            })
          },
        })
        return c.body(body, 200, {
          'Content-Type': CSV_CONTENT_TYPE,
          'Content-Disposition': `attachment; filename="${csvFileName('audit-log', now())}"`,
        })
      },
    )
}
