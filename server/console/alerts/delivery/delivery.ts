// Carries firings out: fans each firing out to every enabled channel (once per channel, by the store's
// unique pair), and a worker that claims due deliveries in the store, sends them, and records each
// attempt's outcome, so several console instances on one database send each delivery once.
import type { AlertFiring, AlertWebhookPayload } from '../../../../src/api/contract/alert-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { createMailer, type MailSettings } from '../../email/mailer'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import type { SendableChannel } from '../../store/alert-channels'
import type { DeliveryLogRow, DeliveryOutcome, DueDelivery } from '../../store/alert-deliveries'
import { alertEmail, EVENT_AUDIT_HEAD, firedPayload, testPayload } from './alert-message'
import { DELIVERY_SCHEDULE_MS, nextAttemptAt, retryAfterMs } from './retry-schedule'
import { type AttemptResult, clipExcerpt, sendWebhook } from './send-webhook'
import { newMessageId } from './webhook-signature'

export interface AlertDeliveryConfig {
  /** Null without CONSOLE_SMTP_URL: no email channels. */
  smtp: MailSettings | null
  /** CONSOLE_WEBHOOK_ALLOW_PRIVATE=on: loopback and private receivers are allowed. */
  allowPrivate: boolean
  /** The console's public origin, named in every message. */
  consoleUrl: string
  /** The waits before each attempt; DELIVERY_SCHEDULE_MS unless a test shortens it. */
  schedule?: readonly number[]
  /** How long a claimed delivery is an instance's own; well over the 10 s a send may take. */
  leaseMs?: number
  /** How often the worker looks for deliveries due (another instance's fan-out, a retry). */
  pollMs?: number
  /** A webhook's whole answer; 10 s unless a test shortens it. */
  webhookTimeoutMs?: number
}

export interface AlertDeliveryDeps {
  store: ConsoleStore
  audit: AuditLog
  logger: Logger
  config: AlertDeliveryConfig
  now?: () => number
  /** Each attempt's outcome as recorded (delivered, retrying, failed), for the console's metrics. */
  onAttempt?: (channelKind: string, outcome: DeliveryOutcome['status']) => void
}

const CLAIM_BATCH = 10
const MIN_SLEEP_MS = 10

const goneReason = (at: number) =>
  `The receiver answered 410 Gone at ${new Date(at).toISOString()}: the console stopped sending to it.`

export function createAlertDelivery(deps: AlertDeliveryDeps) {
  const { store, audit, logger, config } = deps
  const now = deps.now ?? Date.now
  const schedule = config.schedule ?? DELIVERY_SCHEDULE_MS
  const leaseMs = config.leaseMs ?? 60_000
  const pollMs = config.pollMs ?? 2_000
  const mailer = config.smtp ? createMailer(config.smtp) : null

  /** What one attempt came to, before it is recorded. */
  async function attempt(
    delivery: DueDelivery,
    channel: SendableChannel | null,
  ): Promise<DeliveryOutcome & { gone?: boolean }> {
    const attemptedAt = now()
    const attempts = delivery.attempts + 1
    const retry = (words: string, status: number | null, timeMs: number | null, retryAfter: number | null = null) => {
      // Counted from the answer (or the failure), as a receiver's Retry-After is.
      const next = nextAttemptAt(schedule, attempts, now(), retryAfter)
      return {
        status: next === null ? ('failed' as const) : ('retrying' as const),
        attemptedAt,
        nextAttemptAt: next,
        responseStatus: status,
        responseTimeMs: timeMs,
        responseExcerpt: clipExcerpt(words),
      }
    }
    const give = (words: string) => ({
      status: 'failed' as const,
      attemptedAt,
      nextAttemptAt: null,
      responseStatus: null,
      responseTimeMs: null,
      responseExcerpt: clipExcerpt(words),
    })
    // A test goes out whether the channel is on or not: that is how a person checks it before turning it on.
    if (!channel) return give('Not sent: the channel was deleted.')
    if (!channel.enabled && delivery.eventType !== 'alert.test') return give('Not sent: the channel is turned off.')
    if (channel.kind === 'email') {
      if (!mailer) return give('Not sent: email is not configured (CONSOLE_SMTP_URL).')
      const payload = JSON.parse(delivery.payload) as AlertWebhookPayload
      const result = await mailer.send(alertEmail(payload, channel.recipients ?? []))
      if (result.sent)
        return {
          status: 'delivered',
          attemptedAt,
          nextAttemptAt: null,
          responseStatus: result.code,
          responseTimeMs: result.timeMs,
          responseExcerpt: clipExcerpt(result.response),
        }
      return retry(result.error, result.code, result.timeMs)
    }
    if (!channel.url || !channel.secret) return give('Not sent: the channel has no URL or secret.')
    const result: AttemptResult = await sendWebhook({
      url: channel.url,
      secret: channel.secret,
      messageId: delivery.id,
      body: delivery.payload,
      now: attemptedAt,
      allowPrivate: config.allowPrivate,
      timeoutMs: config.webhookTimeoutMs,
    })
    if (!result.answered) return retry(result.error, null, result.timeMs)
    const { status, timeMs, excerpt } = result
    if (status >= 200 && status < 300)
      return {
        status: 'delivered',
        attemptedAt,
        nextAttemptAt: null,
        responseStatus: status,
        responseTimeMs: timeMs,
        responseExcerpt: excerpt,
      }
    if (status === 410)
      return { ...give(excerpt || 'Gone'), responseStatus: status, responseTimeMs: timeMs, gone: true }
    const wait = status === 429 || status === 503 ? retryAfterMs(result.retryAfter, now()) : null
    return retry(excerpt, status, timeMs, wait)
  }

  async function deliver(delivery: DueDelivery): Promise<void> {
    const channel = await store.alertChannels.sendable(delivery.channelId)
    const outcome = await attempt(delivery, channel)
    const { gone, ...recorded } = outcome
    if (!(await store.alertDeliveries.record(delivery, recorded))) {
      logger.error({ msg: 'alert delivery outcome not recorded: its claim ran out', delivery: delivery.id })
      return
    }
    deps.onAttempt?.(channel?.kind ?? 'deleted', recorded.status)
    await audit.record({
      actor: null,
      action: 'alert-delivery.attempted',
      target: delivery.id,
      outcome: recorded.responseStatus ?? 0,
      detail: {
        channelId: delivery.channelId,
        channelKind: channel?.kind ?? null,
        eventType: delivery.eventType,
        attempt: delivery.attempts + 1,
        status: recorded.status,
        responseTimeMs: recorded.responseTimeMs,
        nextAttemptAt: recorded.nextAttemptAt === null ? null : new Date(recorded.nextAttemptAt).toISOString(),
        excerpt: recorded.responseExcerpt,
      },
    })
    if (gone && channel && (await store.alertChannels.disable(channel.id, goneReason(recorded.attemptedAt))))
      await audit.record({
        actor: null,
        action: 'alert-channel.disabled',
        target: channel.id,
        outcome: 410,
        detail: { name: channel.name, reason: goneReason(recorded.attemptedAt) },
      })
  }

  let running: Promise<void> | null = null
  let again = false
  /** Sends every delivery due now, claimed batch by batch; a call while one runs makes it look once more. */
  function runDue(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        for (;;) {
          const at = now()
          const claimed = await store.alertDeliveries.claimDue(at, at + leaseMs, CLAIM_BATCH)
          if (claimed.length === 0) break
          await Promise.all(
            claimed.map((delivery) =>
              deliver(delivery).catch((error) =>
                logger.error({ msg: 'alert delivery failed', delivery: delivery.id, error: String(error) }),
              ),
            ),
          )
        }
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }

  let timer: NodeJS.Timeout | null = null
  let stopped = true
  const tick = () => {
    timer = null
    runDue()
      .catch((error) => logger.error({ msg: 'alert delivery worker failed', error: String(error) }))
      .finally(() => sleepUntilDue())
  }
  /** Sleeps until the next retry is due, or the poll interval, whichever is sooner. */
  const sleepUntilDue = () => {
    if (stopped || timer) return
    store.alertDeliveries
      .nextDueAt()
      .then((due) => {
        if (stopped || timer) return
        // At least a few ms: clocks of two instances may disagree by a little.
        const wait = due === null ? pollMs : Math.min(pollMs, Math.max(MIN_SLEEP_MS, due - now()))
        timer = setTimeout(tick, wait)
        timer.unref()
      })
      .catch(() => {
        if (!stopped && !timer) timer = setTimeout(tick, pollMs)
      })
  }
  /** New deliveries here: send them now rather than at the next poll. */
  const wake = () => {
    if (stopped) return
    void runDue().catch((error) => logger.error({ msg: 'alert delivery worker failed', error: String(error) }))
  }

  return {
    emailConfigured: mailer !== null,
    allowPrivate: config.allowPrivate,
    mailer,

    /** One delivery per enabled channel; a firing fanned out before (here or elsewhere) adds none. */
    async fanOut(firing: AlertFiring): Promise<number> {
      const at = now()
      const body = JSON.stringify(firedPayload(firing, config.consoleUrl, at))
      const channels = await store.alertChannels.enabledIds()
      const added = await store.alertDeliveries.insert(
        channels.map((channelId) => ({
          id: newMessageId(),
          channelId,
          firingId: firing.id,
          eventType: 'alert.fired',
          payload: body,
          createdAt: at,
        })),
      )
      if (added > 0) wake()
      return added
    },

    /** A test event through one channel, queued now; null when there is no such channel. */
    async sendTest(channelId: string): Promise<DeliveryLogRow | null> {
      const channel = await store.alertChannels.find(channelId)
      if (!channel) return null
      const at = now()
      const id = newMessageId()
      const body = JSON.stringify(testPayload(channel.name, config.consoleUrl, at))
      await store.alertDeliveries.insert([
        { id, channelId, firingId: null, eventType: 'alert.test', payload: body, createdAt: at },
      ])
      const row = await store.alertDeliveries.find(id)
      wake()
      return row
    },

    /**
     * The audit head's message through one channel, queued now and sent by the worker (retried as any delivery);
     * answers once queued. `payload`: alert-message.ts's auditHeadPayload.
     */
    async queueAuditHead(channelId: string, payload: AlertWebhookPayload): Promise<void> {
      await store.alertDeliveries.insert([
        {
          id: newMessageId(),
          channelId,
          firingId: null,
          eventType: EVENT_AUDIT_HEAD,
          payload: JSON.stringify(payload),
          createdAt: now(),
        },
      ])
      wake()
    },

    runDue,

    /** The worker: polls for due deliveries until closed. */
    start() {
      if (!stopped) return
      stopped = false
      tick()
    },

    async close() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running?.catch(() => {})
      mailer?.close()
    },
  }
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>
