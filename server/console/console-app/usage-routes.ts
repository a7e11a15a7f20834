// The routes of the Usage page and its reports: caller-ID health, the period's breakdowns, the scores' summary,
// emailed report subscriptions, and what the service's rate counts.
import type { Hono } from 'hono'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { REPORT_SUBSCRIPTIONS_PATH } from '../../../src/api/contract/report-subscription-schemas'
import type { SessionEnv } from '../auth/require-session'
import { callerIdHealthRoutes } from '../caller-ids/health-routes'
import { reportSubscriptionRoutes } from '../reports/routes'
import { scoreSummaryRoutes } from '../scoring/summary-routes'
import { usageBreakdownRoutes } from '../usage/breakdown-routes'
import { rateUnitRoutes } from '../usage/rate-unit-routes'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountUsageRoutes(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { now, audit, signedInPaced, indexState, alertDelivery } = parts
  app.route(
    CONSOLE_PREFIX,
    callerIdHealthRoutes({
      store: options.store,
      indexState,
      signedIn: signedInPaced,
    }),
  )
  app.route(
    CONSOLE_PREFIX,
    usageBreakdownRoutes({
      store: options.store,
      audit,
      indexState,
      signedIn: signedInPaced,
    }),
  )
  app.route(CONSOLE_PREFIX, scoreSummaryRoutes({ store: options.store, audit, signedIn: signedInPaced }))
  app.route(
    `${CONSOLE_PREFIX}${REPORT_SUBSCRIPTIONS_PATH}`,
    reportSubscriptionRoutes({
      store: options.store,
      audit,
      signedIn: signedInPaced,
      emailConfigured: alertDelivery.emailConfigured,
      now,
    }),
  )
  // Issue 53, item 2: what the service's rate per minute counts, so usage shows money.
  app.route(CONSOLE_PREFIX, rateUnitRoutes({ store: options.store, audit, signedIn: signedInPaced, now }))
}
