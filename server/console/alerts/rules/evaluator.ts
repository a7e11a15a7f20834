// The alert evaluator: checks the enabled rules against the voice service's usage on a schedule
// (CONSOLE_ALERT_EVALUATE_MS) and soon after the call index brings newly ended calls (at most one evaluation
// per debounce, 5 s), one evaluation at a time in this process. A rule fires by inserting its firing; the
// store's UNIQUE (rule_id, period_start, subject) makes that once per period however many evaluators race,
// and only the evaluator whose insert went in audits the firing and hands it to onFired.
import type { AlertFiring } from '../../../../src/api/contract/alert-schemas'
import type { AuditLog } from '../../audit/audit-log'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import type { NewAlertFiring } from '../../store/alert-firings'
import type { AlertRuleRow, DayMinutes } from '../../store/alert-rules'
import { alertFiringOf } from './alert-json'
import { checkCallerIds, type FlaggedCallerId } from './caller-id-check'
import { type PeriodUsage, periodUsageOf } from './period-usage'
import { checkProjectedOver } from './projected-over-check'
import { checkUsagePercent } from './usage-percent-check'
import { failureText, type UsageUpstream } from './usage-upstream'

// A firing still not handed over this long after it was inserted was left by a console that stopped in between
// (the one that inserted it hands it over within moments).
const LEFT_BEHIND_AFTER_MS = 60_000

/** New data arriving brings an evaluation at most this often. */
const ALERT_DEBOUNCE_MS = 5_000

export interface AlertEvaluatorOptions {
  store: ConsoleStore
  upstream: UsageUpstream
  audit: AuditLog
  /** How often the rules are checked without news (CONSOLE_ALERT_EVALUATE_MS). */
  intervalMs: number
  debounceMs?: number
  /** The caller IDs health flags as answered less than usual; none unless given. */
  readFlagged?: () => Promise<FlaggedCallerId[]>
  /** Each firing this evaluator inserted, once, after its audit entry (the channels' fan-out). */
  onFired?: (firing: AlertFiring) => void | Promise<void>
  logger?: Logger
  now?: () => number
}

export interface AlertEvaluator {
  /**
   * A call ended (created then, when known): evaluate soon, within the debounce. A call created before the
   * period last read changes no rule (a backfill's old calls), so it brings no round.
   */
  notify(createdAtMs?: number | null): void
  /** Evaluates now, after any evaluation under way; the firings this evaluation inserted. */
  evaluate(): Promise<AlertFiring[]>
  /** Stops the schedule and waits for an evaluation under way: the store may close after it. */
  close(): Promise<void>
}

export function startAlertEvaluator(options: AlertEvaluatorOptions): AlertEvaluator {
  const now = options.now ?? Date.now
  const debounceMs = options.debounceMs ?? ALERT_DEBOUNCE_MS
  const readFlagged = options.readFlagged ?? (async () => [])
  const problems = createProblemLog(options.logger, () => closed)
  // The period of the last usage read; until one, every call is news.
  let periodStartMs = Number.NEGATIVE_INFINITY

  async function candidates(rules: AlertRuleRow[], usage: PeriodUsage): Promise<NewAlertFiring[]> {
    const fired = new Set(
      (await options.store.alertFirings.firedIn(usage.periodStartMs)).map((f) => `${f.ruleId}\n${f.subject}`),
    )
    const firing = (rule: AlertRuleRow, message: string, subject = ''): NewAlertFiring => ({
      ruleId: rule.id,
      kind: rule.kind,
      periodStart: usage.periodStartMs,
      periodEnd: usage.periodEndMs,
      subject,
      firedAt: now(),
      message,
    })
    const out: NewAlertFiring[] = []
    for (const rule of rules) {
      if (rule.kind === 'caller-id-answered-less') {
        const flagged = await flaggedOnce()
        for (const { subject, message } of checkCallerIds(flagged))
          if (!fired.has(`${rule.id}\n${subject}`)) out.push(firing(rule, message, subject))
        continue
      }
      // Fired already this period: nothing to compute (the insert would be refused anyway).
      if (fired.has(`${rule.id}\n`)) continue
      if (rule.kind === 'usage-percent') {
        const message = checkUsagePercent(rule.percent ?? 100, usage)
        if (message) out.push(firing(rule, message))
        continue
      }
      const days = await daySums(usage)
      const message = days && checkProjectedOver(usage, days, now())
      if (message) out.push(firing(rule, message))
    }
    return out
  }

  // Each read at most once an evaluation, and only when a rule needs it.
  let flaggedRead: Promise<FlaggedCallerId[]> | null = null
  const flaggedOnce = () => {
    flaggedRead ??= readFlagged().then(
      (flagged) => {
        problems.clear('caller-id health')
        return flagged
      },
      (error) => {
        problems.note('caller-id health', String(error))
        return []
      },
    )
    return flaggedRead
  }
  // A read of the index that fails (past its query budget, say) skips this rule, not the others.
  let sums: Promise<DayMinutes[] | null> | null = null
  const daySums = (usage: PeriodUsage) => {
    sums ??= options.store.alertRules.dailyBilledMinutes(usage.periodStartMs, Math.min(now(), usage.periodEndMs)).then(
      (days) => {
        problems.clear('daily minutes')
        return days
      },
      (error) => {
        problems.note('daily minutes', String(error))
        return null
      },
    )
    return sums
  }

  /** Gives a firing to the channels, and notes that they took it; a failure leaves it for a later round. */
  async function handOver(firing: AlertFiring): Promise<void> {
    try {
      await options.onFired?.(firing)
      await options.store.alertFirings.handedOver(firing.id, now())
    } catch (error) {
      options.logger?.error({
        msg: 'alerts: the channels could not take a firing',
        firingId: firing.id,
        error: String(error),
      })
    }
  }

  /** Firings another round inserted but never handed over (its console stopped in between). */
  async function handOverLeftBehind(): Promise<void> {
    for (const row of await options.store.alertFirings.notHandedOver(now() - LEFT_BEHIND_AFTER_MS, 100))
      await handOver(alertFiringOf(row))
  }

  async function evaluateOnce(): Promise<AlertFiring[]> {
    await handOverLeftBehind()
    flaggedRead = null
    sums = null
    const rules = await options.store.alertRules.enabled()
    // No rule, no request to the voice service.
    if (rules.length === 0) return []
    const answer = await options.upstream.usage()
    if (answer.kind !== 'ok') {
      problems.note('usage', `GET /usage ${failureText(answer)}; this round is skipped`)
      return []
    }
    const usage = periodUsageOf(answer.body, now())
    if ('unusable' in usage) {
      problems.note('usage', `GET /usage answered, but ${usage.unusable}; this round is skipped`)
      return []
    }
    problems.clear('usage')
    periodStartMs = usage.periodStartMs
    const inserted: AlertFiring[] = []
    for (const candidate of await candidates(rules, usage)) {
      const row = await options.store.alertFirings.fire(candidate)
      // Another evaluator (here or in another console instance) fired it first.
      if (!row) continue
      const firing = alertFiringOf(row)
      inserted.push(firing)
      await options.audit
        .record({
          actor: null,
          action: 'alert.fired',
          target: firing.subject ?? firing.ruleId,
          outcome: 200,
          detail: {
            firingId: firing.id,
            ruleId: firing.ruleId,
            kind: firing.kind,
            periodStart: firing.periodStart,
            message: firing.message,
          },
        })
        .catch((error) => options.logger?.error({ msg: 'alerts: could not audit a firing', error: String(error) }))
      await handOver(firing)
    }
    return inserted
  }

  // One evaluation at a time: each waits for the one before; a request while one waits joins it.
  let tail: Promise<unknown> = Promise.resolve()
  let waiting: Promise<AlertFiring[]> | null = null
  let lastStartedAt = Number.NEGATIVE_INFINITY
  const evaluate = (): Promise<AlertFiring[]> => {
    if (waiting) return waiting
    const run = tail.then(() => {
      waiting = null
      lastStartedAt = Date.now()
      return evaluateOnce()
    })
    waiting = run
    tail = run.catch(() => {})
    return run
  }

  // The schedule: one timer, due at the earliest of the next regular round and a debounced notice.
  let closed = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let dueAt = Number.POSITIVE_INFINITY
  const wakeAt = (at: number) => {
    if (closed || at >= dueAt) return
    if (timer) clearTimeout(timer)
    dueAt = at
    timer = setTimeout(tick, Math.max(0, at - Date.now()))
    timer.unref?.()
  }
  function tick() {
    timer = null
    dueAt = Number.POSITIVE_INFINITY
    wakeAt(Date.now() + options.intervalMs)
    evaluate().catch((error) => {
      if (!closed) options.logger?.error({ msg: 'alerts: evaluation failed', error: String(error) })
    })
  }
  // The first round at once: a rule crossed while the console was down fires on start.
  wakeAt(Date.now())

  return {
    notify: (createdAtMs) => {
      if (createdAtMs != null && createdAtMs < periodStartMs) return
      wakeAt(Math.max(Date.now(), lastStartedAt + debounceMs))
    },
    evaluate,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      options.upstream.close()
      await tail
    },
  }
}

/** Logs a problem once when it begins and once when it ends, not every round. */
function createProblemLog(logger: Logger | undefined, closed: () => boolean) {
  const current = new Map<string, string>()
  return {
    note(topic: string, reason: string) {
      // A read cut short by close() (its request aborted) is the stop, not the voice service failing.
      if (closed() || current.get(topic) === reason) return
      current.set(topic, reason)
      logger?.error({ msg: `alerts: ${topic} unavailable`, reason })
    },
    clear(topic: string) {
      if (!current.delete(topic)) return
      logger?.info({ msg: `alerts: ${topic} available again` })
    },
  }
}
