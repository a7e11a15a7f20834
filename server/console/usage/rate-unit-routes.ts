// /api/console/usage/rate-unit: what the service's rate_per_minute_dc counts, which the spec leaves out. Managers and
// admins read it (the usage page turns minutes into money with it); admins set it, audited with the one it replaced.
import { Hono, type MiddlewareHandler } from 'hono'
import { RATE_UNIT_PATH, type RateUnitResponse, rateUnitInput } from '../../../src/api/contract/rate-unit-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { jsonBody } from '../http/json-body'
import type { ConsoleStore } from '../store'
import type { RateUnitRow } from '../store/rate-unit'

const answerOf = (row: RateUnitRow | null): RateUnitResponse => ({
  rateUnit: row
    ? { divisor: row.divisor, currency: row.currency, setBy: row.setByEmail, setAt: new Date(row.setAt).toISOString() }
    : null,
})

// What the audit entry keeps of each: the unit and the currency, not who set the one before (its own entry says).
const statedOf = (row: RateUnitRow | null) => (row ? { divisor: row.divisor, currency: row.currency } : null)

export function rateUnitRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  now: () => number
}) {
  return new Hono<SessionEnv>()
    .get(RATE_UNIT_PATH, options.signedIn, requirePermission('usage:read'), async (c) =>
      c.json(answerOf(await options.store.rateUnit.read())),
    )
    .put(
      RATE_UNIT_PATH,
      options.signedIn,
      requirePermission('usage:set-rate-unit'),
      jsonBody(rateUnitInput, 'Choose what the rate counts and give its currency (such as USD).'),
      async (c) => {
        const input = c.req.valid('json')
        const session = c.get('session')
        const next: RateUnitRow = {
          divisor: input.divisor,
          currency: input.currency,
          setById: session.userId,
          setByEmail: session.email,
          setAt: options.now(),
        }
        const before = await options.store.rateUnit.set(next)
        await options.audit.record({
          actor: actorOf(session),
          ...requestFacts(c),
          action: 'usage.rate-unit-set',
          target: null,
          outcome: 200,
          detail: { before: statedOf(before), after: statedOf(next) },
        })
        return c.json(answerOf(next))
      },
    )
}
