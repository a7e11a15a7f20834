import { Hono } from 'hono'
import { account as accountSchema } from '../contract/schemas'
import type { AppDeps, AppEnv } from '../deps'
import { periodStartOf, usageFigures } from '../domain/billing'
import { toTimestamp } from '../domain/time'
import { methodNotAllowed } from '../http/error-handler'
import { currentUsedMinutes } from './usage-figures'

export function accountRoutes({ queries, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => {
      const account = c.get('account')
      const time = now()
      const figures = usageFigures(account.committed_minutes, currentUsedMinutes(queries, account, time))
      return c.json(
        accountSchema.parse({
          client_id: account.id,
          status: account.status,
          payment_method: account.payment_method,
          contract_start: toTimestamp(account.contract_start_ms),
          contract_end: toTimestamp(account.contract_end_ms),
          ramp_up_ends_at: toTimestamp(account.ramp_up_ends_ms),
          is_in_ramp_up: time < account.ramp_up_ends_ms,
          committed_minutes: account.committed_minutes,
          tier: {
            name: account.tier_name,
            rate_per_minute_dc: account.tier_rate_per_minute_dc,
            max_minutes: account.tier_max_minutes,
          },
          current_usage: {
            period_start: toTimestamp(periodStartOf(time)),
            actual_minutes_used: figures.actual_minutes_used,
            remaining_minutes: figures.remaining_minutes,
            usage_percent: figures.usage_percent,
          },
        }),
      )
    })
    .all('/', methodNotAllowed(['GET']))
}
