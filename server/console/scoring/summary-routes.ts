// GET /api/console/usage/scores and /usage/scores.csv (usage:read: managers and admins): a period's scores averaged
// per person who placed the call and per scorecard, for /usage, and every score as CSV. The period is read as the
// usage breakdowns read theirs; a score counts in the period it was first given in.
import { Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import { SCORE_SUMMARY_PATHS, type ScoreSummary } from '../../../src/api/contract/scoring-schemas'
import { usagePeriodQuery } from '../../../src/api/contract/usage-breakdown-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sameSiteOnly } from '../http/csrf'
import { BYTE_ORDER_PARAM, byteOrderRefusal, CSV_CONTENT_TYPE, wantsByteOrder } from '../http/csv'
import { queryString } from '../http/query-string'
import type { ConsoleStore } from '../store'
import type { SummaryRow } from '../store/scoring'
import { periodOf, usagePeriodRefusal, usageQuery } from '../usage/usage-query'
import { scoresCsv, scoresFileName } from './scores-csv'

// The byte order is read before the period: a wrong `bom` is refused on its own, as every export does.
const scoresExportQuery = queryString(z.extend(usagePeriodQuery, BYTE_ORDER_PARAM), (c, error, sent) => {
  const refused = byteOrderRefusal(c, error)
  if (refused) return refused
  const { bom: _bom, ...rest } = sent
  return usagePeriodRefusal(c, error, rest)
})

const rowOf = (row: SummaryRow) => ({
  id: row.id,
  label: row.label,
  average: Math.round(row.averageTenths) / 10,
  count: row.count,
})

export function scoreSummaryRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
}) {
  const { store, audit } = options
  const guard = [options.signedIn, requirePermission('usage:read')] as const
  return new Hono<SessionEnv>()
    .get(SCORE_SUMMARY_PATHS.summary, ...guard, usageQuery(usagePeriodQuery), async (c) => {
      const read = periodOf(c, c.req.valid('query'))
      if (!read.ok) return read.response
      const summary = await store.scoring.summary(read.value.fromMs, read.value.toMs)
      const body: ScoreSummary = {
        by_person: summary.byPerson.map(rowOf),
        by_scorecard: summary.byScorecard.map(rowOf),
      }
      return c.json(body)
    })
    .get(
      SCORE_SUMMARY_PATHS.export,
      ...guard,
      sameSiteOnly('Export the scores from the Usage page.'),
      scoresExportQuery,
      async (c) => {
        const { bom, ...query } = c.req.valid('query')
        const read = periodOf(c, query)
        if (!read.ok) return read.response
        const { fromMs, toMs } = read.value
        const rows = await store.scoring.exportRows(fromMs, toMs)
        await audit.record({
          actor: actorOf(c.get('session')),
          ...requestFacts(c),
          action: 'scores.exported',
          target: null,
          outcome: 200,
          detail: { from: read.value.from, to: read.value.to, rows: rows.length },
        })
        // `?bom=0`: plain UTF-8, for a program that reads the file rather than a person.
        return c.body(scoresCsv(rows, { bom: wantsByteOrder({ bom }) }), 200, {
          'Content-Type': CSV_CONTENT_TYPE,
          'Content-Disposition': `attachment; filename="${scoresFileName(fromMs, toMs)}"`,
        })
      },
    )
}
