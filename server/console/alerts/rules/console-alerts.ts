// The console's one alert evaluator, from its settings: none without an API key (no usage to read), nor with
// CONSOLE_ALERTS=off (where the account's rate limit is too low to share). With several instances on one store,
// it runs where the `alert-rules` lease is held (the store's unique firings make each fire once all the same).
import type { AuditLog } from '../../audit/audit-log'
import { runWhileLeased } from '../../cluster/leased-work'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import { type AlertEvaluator, type AlertEvaluatorOptions, startAlertEvaluator } from './evaluator'
import { createUsageUpstream } from './usage-upstream'

export const ALERT_RULES_LEASE = 'alert-rules'

export interface ConsoleAlertsOptions extends Pick<AlertEvaluatorOptions, 'readFlagged' | 'onFired' | 'now'> {
  upstream: string
  apiKey: string | null
  /** The voice service's whole answer (CONSOLE_UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: number
  alerts: { evaluateMs: number; enabled: boolean }
  store: ConsoleStore
  audit: AuditLog
  /** This instance's id among those sharing the store (cluster/instance-id.ts). */
  instanceId: string
  logger?: Logger
  /** Each upstream answer's status, for the console's metrics. */
  onUpstreamAnswer?: (status: number | null) => void
}

export function startConsoleAlerts(options: ConsoleAlertsOptions): (AlertEvaluator & { leaseHeld(): boolean }) | null {
  const apiKey = options.apiKey?.trim()
  if (!apiKey || !options.alerts.enabled) return null
  const leased = runWhileLeased({
    store: options.store,
    name: ALERT_RULES_LEASE,
    holder: options.instanceId,
    logger: options.logger,
    start: () =>
      startAlertEvaluator({
        ...options,
        upstream: createUsageUpstream({
          upstream: options.upstream,
          apiKey,
          timeoutMs: options.upstreamTimeoutMs,
          onAnswer: options.onUpstreamAnswer,
        }),
        intervalMs: options.alerts.evaluateMs,
      }),
  })
  return {
    // Elsewhere, the holder's own schedule evaluates (within CONSOLE_ALERT_EVALUATE_MS).
    notify: (createdAtMs) => leased.current()?.notify(createdAtMs),
    evaluate: async () => (await leased.current()?.evaluate()) ?? [],
    leaseHeld: () => leased.held(),
    close: () => leased.close(),
  }
}
