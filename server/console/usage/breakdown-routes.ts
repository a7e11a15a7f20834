// GET /api/console/usage/days, /usage/breakdown, /usage/breakdown.csv, /usage/people and /usage/metadata-keys: where a
// period's minutes went, read from the call index (usage:read: managers and admins). Mounted at
// CONSOLE_PREFIX with each route's own guard, paced as the call search is.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { IndexState } from '../../../src/api/contract/call-index-schemas'
import {
  breakdownQuery,
  type MetadataKeysResponse,
  USAGE_BREAKDOWN_PATHS,
  usagePeriodQuery,
} from '../../../src/api/contract/usage-breakdown-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sameSiteOnly } from '../http/csrf'
import { CSV_CONTENT_TYPE, csvByteOrder } from '../http/csv'
import type { ConsoleStore } from '../store'
import { breakdownCsv, breakdownFileName } from './breakdown-csv'
import { peopleReport } from './people-report'
import { missingKey, readUsageQuery } from './usage-query'
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

  const breakdownOf = async (c: Context) => {
    const read = readUsageQuery(c, breakdownQuery)
    if (!read.ok) return read
    const refused = missingKey(c, read.value)
    if (refused) return { ok: false as const, response: refused }
    const { by, key } = read.value
    return { ok: true as const, value: await reports.breakdown(read.value, by, key) }
  }

  return new Hono<SessionEnv>()
    .get(USAGE_BREAKDOWN_PATHS.days, ...guard, async (c) => {
      const read = readUsageQuery(c, usagePeriodQuery)
      if (!read.ok) return read.response
      return c.json(await reports.days(read.value))
    })
    .get(USAGE_BREAKDOWN_PATHS.breakdown, ...guard, async (c) => {
      const result = await breakdownOf(c)
      return result.ok ? c.json(result.value) : result.response
    })
    .get(
      USAGE_BREAKDOWN_PATHS.breakdownExport,
      ...guard,
      sameSiteOnly('Export the breakdown from the Usage page.'),
      async (c) => {
        const byteOrder = csvByteOrder(c)
        if (byteOrder instanceof Response) return byteOrder
        const result = await breakdownOf(c)
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
    .get(USAGE_BREAKDOWN_PATHS.people, ...guard, async (c) => {
      const read = readUsageQuery(c, usagePeriodQuery)
      if (!read.ok) return read.response
      return c.json(await peopleReport(store, read.value))
    })
    .get(USAGE_BREAKDOWN_PATHS.metadataKeys, ...guard, async (c) => {
      const read = readUsageQuery(c, usagePeriodQuery)
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
