// The routes of what the console sends out: alert channels and their delivery log, the integrations' destinations
// and theirs, and the alert rules (a rule change asks the evaluator to evaluate soon).
import type { Hono } from 'hono'
import { every } from 'hono/combine'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { alertDeliveryRoutes } from '../alerts/delivery/routes'
import { alertRuleRoutes } from '../alerts/rules/routes'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { integrationRoutes } from '../integrations/routes'
import type { ConsoleAppOptions } from './options'
import type { ConsoleParts } from './parts'

export function mountAlertRoutes(app: Hono<SessionEnv>, options: ConsoleAppOptions, parts: ConsoleParts) {
  const { now, audit, signedInPaced, alertDelivery, integrationDelivery } = parts
  app.route(
    CONSOLE_PREFIX,
    alertDeliveryRoutes({ store: options.store, delivery: alertDelivery, audit, guard: [signedInPaced], now }),
  )
  app.route(
    CONSOLE_PREFIX,
    integrationRoutes({ store: options.store, delivery: integrationDelivery, audit, guard: [signedInPaced], now }),
  )
  app.route(
    CONSOLE_PREFIX,
    alertRuleRoutes({
      store: options.store,
      audit,
      guard: every(signedInPaced, requirePermission('alerts:manage')),
      onRulesChanged: () => options.alertEvaluator?.notify(),
      now,
    }),
  )
}
