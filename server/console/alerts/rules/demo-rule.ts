// `npm start` only: one usage rule a little above the demo account's usage at start, so a newcomer who
// places a few calls sees an alert fire (and the banner, and a delivery) within minutes.
import type { AuditLog } from '../../audit/audit-log'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import { ruleDescription } from './alert-words'
import { periodUsageOf } from './period-usage'
import type { UsageUpstream } from './usage-upstream'

/** How far above today's share of the commitment the demo's rule sits, in whole percent. */
export const DEMO_RULE_MARGIN = 2

export async function addDemoAlertRule(options: {
  store: ConsoleStore
  upstream: UsageUpstream
  audit: AuditLog
  logger?: Logger
  now?: () => number
}): Promise<number | null> {
  const now = options.now ?? Date.now
  const answer = await options.upstream.usage()
  const usage = answer.kind === 'ok' ? periodUsageOf(answer.body, now()) : null
  if (!usage || 'unusable' in usage || usage.committedMinutes <= 0) {
    options.logger?.info({ msg: 'demo: no alert rule near the usage (the usage could not be read)' })
    return null
  }
  const usedPercent = (usage.usedMinutes * 100) / usage.committedMinutes
  const percent = Math.floor(usedPercent) + DEMO_RULE_MARGIN
  if (percent > 1000) return null
  // One from an earlier start may still be ahead of the usage: it serves as well, and restarts add no more.
  const fired = await options.store.alertFirings.rulesFiredInOpenPeriods(now())
  const ahead = (await options.store.alertRules.list()).find(
    (rule) =>
      rule.kind === 'usage-percent' &&
      rule.enabled &&
      !fired.has(rule.id) &&
      (rule.percent ?? 0) > usedPercent &&
      (rule.percent ?? 0) <= percent,
  )
  if (ahead) return ahead.percent
  const id = await options.store.alertRules.create({ kind: 'usage-percent', percent, enabled: true }, null, now())
  // A rule of that percent exists, off or already fired: the demo leaves it as it is.
  if (!id) return null
  await options.audit.record({
    actor: null,
    action: 'alert-rule.created',
    target: id,
    outcome: 201,
    detail: { rule: ruleDescription('usage-percent', percent), enabled: true, via: 'demo' },
  })
  options.logger?.info({ msg: 'demo: an alert rule close to firing', percent, usedPercent: usedPercent.toFixed(2) })
  return percent
}
