// The console's one alert evaluator, from its settings: none without an API key (no usage to read), nor with
// CONSOLE_ALERTS=off (where the account's rate limit is too low to share).
import type { AuditLog } from '../../audit/audit-log'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import { type AlertEvaluator, type AlertEvaluatorOptions, startAlertEvaluator } from './evaluator'
import { createUsageUpstream } from './usage-upstream'

export interface ConsoleAlertsOptions extends Pick<AlertEvaluatorOptions, 'readFlagged' | 'onFired' | 'now'> {
  upstream: string
  apiKey: string | null
  /** The voice service's whole answer (CONSOLE_UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: number
  alerts: { evaluateMs: number; enabled: boolean }
  store: ConsoleStore
  audit: AuditLog
  logger?: Logger
  /** Each upstream answer's status, for the console's metrics. */
  onUpstreamAnswer?: (status: number | null) => void
}

export function startConsoleAlerts(options: ConsoleAlertsOptions): AlertEvaluator | null {
  const apiKey = options.apiKey?.trim()
  if (!apiKey || !options.alerts.enabled) return null
  return startAlertEvaluator({
    ...options,
    upstream: createUsageUpstream({
      upstream: options.upstream,
      apiKey,
      timeoutMs: options.upstreamTimeoutMs,
      onAnswer: options.onUpstreamAnswer,
    }),
    intervalMs: options.alerts.evaluateMs,
  })
}
