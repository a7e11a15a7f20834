// /api/console/audit: the trail for admins (a page at a time, newest first), its people,
// and a CSV export of every entry the filters select, streamed a batch at a time.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import {
  AUDIT_PATHS,
  type AuditActors,
  type AuditPage,
  type AuditQuery,
  auditQuery,
} from '../../../src/api/contract/audit-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sameSiteOnly } from '../http/csrf'
import { CSV_CONTENT_TYPE, csvByteOrder, csvFileName } from '../http/csv'
import { csvStream } from '../http/csv-stream'
import { sendInvalidFields } from '../http/invalid-fields'
import { responseDelivery } from '../http/response-delivery'
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

function parseQuery(c: Context) {
  const parsed = auditQuery.safeParse(c.req.query())
  if (parsed.success) return { query: parsed.data }
  const detail = 'One of the audit filters is not valid; clear it and try again.'
  return { refused: sendInvalidFields(c, parsed.error, detail, 'Invalid filters') }
}

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
) {
  return new Hono<SessionEnv>()
    .use(signedIn, requirePermission('audit:read'))
    .get(under(AUDIT_PATHS.page), async (c) => {
      const { query, refused } = parseQuery(c)
      if (!query) return refused
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
    .get(under(AUDIT_PATHS.export), sameSiteOnly('Open the export from the Audit log page.'), (c) => {
      const byteOrder = csvByteOrder(c)
      if (byteOrder instanceof Response) return byteOrder
      const { query, refused } = parseQuery(c)
      if (!query) return refused
      const filter = filterOf(query)
      const { cursor: _cursor, limit: _limit, ...filters } = query
      const facts = { actor: actorOf(c.get('session')), ...requestFacts(c) }
      const body = csvStream({
        bom: byteOrder.bom,
        header: AUDIT_CSV_HEADER,
        batches: auditBatches(store, filter),
        values: auditCsvValues,
        delivery: responseDelivery(c),
        onEnd: ({ ended, rows }) =>
          audit.record({
            ...facts,
            action: 'audit.exported',
            target: null,
            outcome: 200,
            detail: { filters, rows, complete: ended === 'complete' },
          }),
      })
      return c.body(body, 200, {
        'Content-Type': CSV_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="${csvFileName('audit-log', now())}"`,
      })
    })
}
