// GET /api/console/usage/days, /usage/breakdown, /usage/breakdown.csv, /usage/people and /usage/metadata-keys: where a
// period's minutes went, read from the call index (usage:read: managers and admins). Mounted at
// CONSOLE_PREFIX with each route's own guard, paced as the call search is.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import type { IndexState } from '../../../src/api/contract/call-index-schemas'
import {
  type BreakdownQuery,
  breakdownQuery,
  type MetadataKeysResponse,
  USAGE_BREAKDOWN_PATHS,
  usagePeriodQuery,
} from '../../../src/api/contract/usage-breakdown-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sameSiteOnly } from '../http/csrf'
import { BYTE_ORDER_PARAM, byteOrderRefusal, CSV_CONTENT_TYPE, wantsByteOrder } from '../http/csv'
import { queryString } from '../http/query-string'
import type { ConsoleStore } from '../store'
import { breakdownCsv, breakdownFileName } from './breakdown-csv'
import { peopleReport } from './people-report'
import { missingKey, periodOf, usagePeriodRefusal, usageQuery } from './usage-query'
import { createUsageReports } from './usage-reports'

/** The metadata key picker lists at most this many keys; more: `truncated`. */
const METADATA_KEYS_MAX = 100

export function usageBreakdownRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  indexState: () => Promise<IndexState>
  signedIn: MiddlewareHandler<SessionEnv>
}) {
  const { store, audit, signedIn } = options
  const reports = createUsageReports(options)
  const guard = [signedIn, requirePermission('usage:read')] as const
  // The byte order is read before the period: a wrong `bom` is refused on its own, as every export does.
  const breakdownExportQuery = queryString(z.extend(breakdownQuery, BYTE_ORDER_PARAM), (c, error, sent) => {
    const refused = byteOrderRefusal(c, error)
    if (refused) return refused
    const { bom: _bom, ...rest } = sent
    return usagePeriodRefusal(c, error, rest)
  })

  const breakdownOf = async (c: Context, query: BreakdownQuery) => {
    const read = periodOf(c, query)
    if (!read.ok) return read
    const refused = missingKey(c, read.value)
    if (refused) return { ok: false as const, response: refused }
    const { by, key } = read.value
    return { ok: true as const, value: await reports.breakdown(read.value, by, key) }
  }

  return new Hono<SessionEnv>()
    .get(USAGE_BREAKDOWN_PATHS.days, ...guard, usageQuery(usagePeriodQuery), async (c) => {
      const read = periodOf(c, c.req.valid('query'))
      if (!read.ok) return read.response
      return c.json(await reports.days(read.value))
    })
    .get(USAGE_BREAKDOWN_PATHS.breakdown, ...guard, usageQuery(breakdownQuery), async (c) => {
      const result = await breakdownOf(c, c.req.valid('query'))
      return result.ok ? c.json(result.value) : result.response
    })
    .get(
      USAGE_BREAKDOWN_PATHS.breakdownExport,
      ...guard,
      sameSiteOnly('Export the breakdown from the Usage page.'),
      breakdownExportQuery,
      async (c) => {
        const { bom, ...query } = c.req.valid('query')
        const byteOrder = { bom: wantsByteOrder({ bom }) }
        const result = await breakdownOf(c, query)
        if (!result.ok) return result.response
        const breakdown = result.value
        await audit.record({
          actor: actorOf(c.get('session')),
          ...requestFacts(c),
          action: 'usage.exported',
          target: null,
          outcome: 200,
          detail: {
            from: breakdown.from,
            to: breakdown.to,
            timeZone: breakdown.timeZone,
            by: breakdown.by,
            key: breakdown.key,
            rows: breakdown.rows.length,
          },
        })
        return c.body(breakdownCsv(breakdown, byteOrder), 200, {
          'Content-Type': CSV_CONTENT_TYPE,
          'Content-Disposition': `attachment; filename="${breakdownFileName(breakdown)}"`,
        })
      },
    )
    .get(USAGE_BREAKDOWN_PATHS.people, ...guard, usageQuery(usagePeriodQuery), async (c) => {
      const read = periodOf(c, c.req.valid('query'))
      if (!read.ok) return read.response
      return c.json(await peopleReport(store, read.value))
    })
    .get(USAGE_BREAKDOWN_PATHS.metadataKeys, ...guard, usageQuery(usagePeriodQuery), async (c) => {
      const read = periodOf(c, c.req.valid('query'))
      if (!read.ok) return read.response
      const filter = { numbers: [], texts: [], fromMs: read.value.fromMs, toMs: read.value.toMs }
      const keys = await store.callSearch.metadataKeys(filter, METADATA_KEYS_MAX)
      const body: MetadataKeysResponse = {
        keys: keys.slice(0, METADATA_KEYS_MAX),
        truncated: keys.length > METADATA_KEYS_MAX,
      }
      return c.json(body)
    })
}
