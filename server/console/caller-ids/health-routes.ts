// GET /api/console/caller-ids/health: every caller ID's health over its recent ended calls (usage:read,
// managers and admins), with an optional period's figures. Mounted at CONSOLE_PREFIX with its own guard.
import { Hono, type MiddlewareHandler } from 'hono'
import type { IndexState } from '../../../src/api/contract/call-index-schemas'
import {
  callerIdHealthQuery,
  PERIOD_DAYS_MAX,
  USAGE_BREAKDOWN_PATHS,
} from '../../../src/api/contract/usage-breakdown-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'
import type { ConsoleStore } from '../store'
import { readCallerIdHealth } from './read-health'

const DAY_MS = 24 * 60 * 60_000

export function callerIdHealthRoutes(options: {
  store: ConsoleStore
  indexState: () => Promise<IndexState>
  signedIn: MiddlewareHandler<SessionEnv>
}) {
  const { store, indexState, signedIn } = options
  return new Hono<SessionEnv>().get(
    USAGE_BREAKDOWN_PATHS.callerIdHealth,
    signedIn,
    requirePermission('usage:read'),
    queryString(callerIdHealthQuery, {
      detail:
        'The period is not valid: give `from` and `to` as ISO 8601 date-times with an offset, such as 2026-11-01T00:00:00Z.',
      title: 'Invalid period',
    }),
    async (c) => {
      const { from, to } = c.req.valid('query')
      if ((from === undefined) !== (to === undefined))
        return sendProblem(c, 400, 'Invalid period', 'Give both `from` and `to`, or neither.', {
          errors: [{ field: from === undefined ? 'from' : 'to', message: 'Give both ends of the period.' }],
        })
      const period = from && to ? { fromMs: Date.parse(from), toMs: Date.parse(to) } : null
      if (period && period.fromMs >= period.toMs)
        return sendProblem(c, 400, 'Invalid period', 'The period’s `from` must come before its `to`.', {
          errors: [{ field: 'to', message: 'Must come after `from`.' }],
        })
      if (period && period.toMs - period.fromMs > PERIOD_DAYS_MAX * DAY_MS)
        return sendProblem(c, 400, 'Invalid period', `Ask for a period of at most ${PERIOD_DAYS_MAX} days.`, {
          errors: [{ field: 'to', message: `At most ${PERIOD_DAYS_MAX} days after \`from\`.` }],
        })
      return c.json(await readCallerIdHealth(store, indexState, period))
    },
  )
}
