import { Hono } from 'hono'
import { usageHistory, usageHistoryQuery, usageSummary } from '../contract/schemas'
import type { AppDeps, AppEnv } from '../deps'
import { periodEndOf, periodStartOf, periodsBetween, usageFigures } from '../domain/billing'
import { decodeCursor, encodeCursor } from '../domain/cursor'
import { toTimestamp } from '../domain/time'
import { usedMinutesByPeriod } from '../domain/usage'
import { methodNotAllowed } from '../http/error-handler'
import { readQuery } from '../http/json-body'
import { invalidCursor } from '../http/problem'
import { currentUsedMinutes } from './usage-figures'

export function usageRoutes({ queries, now, secret }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => {
      const account = c.get('account')
      const time = now()
      const start = periodStartOf(time)
      return c.json(
        usageSummary.parse({
          period_start: toTimestamp(start),
          period_end: toTimestamp(periodEndOf(start)),
          ...usageFigures(account.committed_minutes, currentUsedMinutes(queries, account, time)),
        }),
      )
    })
    .all('/', methodNotAllowed(['GET']))
    .get('/history', (c) => {
      const query = readQuery(c, usageHistoryQuery)
      const account = c.get('account')
      const time = now()
      const scope = `usage|${account.id}`
      // Periods run from the contract start to now, newest first; the cursor is the last period shown.
      let periods = periodsBetween(account.contract_start_ms, time)
      if (query.cursor) {
        const key = decodeCursor(secret, scope, query.cursor, 1)
        if (!key) {
          throw invalidCursor()
        }
        periods = periods.filter((start) => start < (key[0] ?? 0))
      }
      const page = periods.slice(0, query.limit)
      const used = usedMinutesByPeriod(
        queries.usage.allPlannedMinutes(account.id),
        queries.usage.unfinishedCalls(account.id, time),
      )
      const current = periodStartOf(time)
      const last = page.at(-1)
      return c.json(
        usageHistory.parse({
          periods: page.map((start) => ({
            period_start: toTimestamp(start),
            period_end: toTimestamp(periodEndOf(start)),
            status: start === current ? 'DIALER_ACTIVE' : 'DIALER_COMPLETED',
            committed_minutes: account.committed_minutes,
            actual_minutes_used: Math.max(0, used.get(start) ?? 0),
          })),
          next_cursor: periods.length > query.limit && last !== undefined ? encodeCursor(secret, scope, [last]) : null,
        }),
      )
    })
    .all('/history', methodNotAllowed(['GET']))
}
