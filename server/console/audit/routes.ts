// /api/console/audit: the trail for admins (a page at a time, newest first), its people,
// and a CSV export of every entry the filters select, streamed a batch at a time.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import {
  AUDIT_PATHS,
  type AuditActors,
  type AuditPage,
  type AuditQuery,
  auditQuery,
} from '../../../src/api/audit-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { csvFileName, csvRecord } from '../http/csv'
import { sendInvalidFields } from '../http/invalid-fields'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'
import type { AuditFilter } from '../store/audit'
import type { AuditLog } from './audit-log'
import { AUDIT_CSV_HEADER, auditCsvValues, auditEntryOf } from './entry-json'
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
  }
}

function parseQuery(c: Context) {
  const parsed = auditQuery.safeParse(c.req.query())
  if (parsed.success) return { query: parsed.data }
  const detail = 'One of the audit filters is not valid; clear it and try again.'
  return { refused: sendInvalidFields(c, parsed.error, detail, 'Invalid filters') }
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
    .use(signedIn, requirePermission('audit:read'), async (c, next) => {
      c.header('Cache-Control', 'no-store')
      await next()
      c.set('route', c.req.routePath)
    })
    .get(under(AUDIT_PATHS.page), async (c) => {
      const { query, refused } = parseQuery(c)
      if (!query) return refused
      const limit = query.limit ?? PAGE_SIZE
      // One more than the page: whether there is an older page, without a count.
      const rows = await store.audit.page(filterOf(query), limit + 1)
      const entries = rows.slice(0, limit)
      const body: AuditPage = {
        entries: entries.map(auditEntryOf),
        nextCursor: rows.length > limit ? String(entries.at(-1)?.seq) : null,
      }
      return c.json(body)
    })
    .get(under(AUDIT_PATHS.actors), async (c) => {
      const users = await store.users.list()
      const body: AuditActors = { actors: users.map((user) => ({ userId: user.id, email: user.email })) }
      return c.json(body)
    })
    .get(under(AUDIT_PATHS.export), (c) => {
      // A GET that writes an entry: a link on another site (a top-level navigation carries the
      // Lax cookie) must not add exports to the trail, so only our own page or a typed URL may ask.
      const site = c.req.header('sec-fetch-site')
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        c.set('refusal', 'cross-site')
        return sendProblem(c, 403, 'Cross-site request refused', 'Open the export from the Audit log page.')
      }
      const { query, refused } = parseQuery(c)
      if (!query) return refused
      const filter = filterOf(query)
      const { cursor: _cursor, limit: _limit, ...filters } = query
      const facts = { actor: actorOf(c.get('session')), ...requestFacts(c) }
      let rows = 0
      let beforeSeq = filter.beforeSeq
      let finished = false
      const finish = async (complete: boolean) => {
        if (finished) return
        finished = true
        await audit.record({
          ...facts,
          action: 'audit.exported',
          target: null,
          outcome: 200,
          detail: { filters, rows, complete },
        })
      }
      const encoder = new TextEncoder()
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(csvRecord(AUDIT_CSV_HEADER)))
        },
        // Pulled a batch at a time as the client reads: memory stays flat whatever the row count.
        async pull(controller) {
          const batch = await store.audit.page({ ...filter, beforeSeq }, EXPORT_BATCH)
          if (batch.length > 0) {
            controller.enqueue(encoder.encode(batch.map((row) => csvRecord(auditCsvValues(row))).join('')))
            rows += batch.length
            beforeSeq = batch.at(-1)?.seq
          }
          if (batch.length < EXPORT_BATCH) {
            await finish(true)
            controller.close()
          }
        },
        cancel: () => finish(false),
      })
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8; header=present',
        'Content-Disposition': `attachment; filename="${csvFileName('audit-log', now())}"`,
      })
    })
}
