// Carries firings out: fans each firing out to its rule's enabled channels (once per channel, by the store's
// unique pair), and a worker (delivery/delivery-worker.ts) that claims due deliveries in the store, sends
// them, and records each attempt's outcome, so several console instances on one database send each once.
import type { AlertFiring, AlertWebhookPayload } from '../../../../src/api/contract/alert-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { createDeliveryWorker } from '../../delivery/delivery-worker'
import { DELIVERY_SCHEDULE_MS } from '../../delivery/retry-schedule'
import { sendWebhook } from '../../delivery/send-webhook'
import type { WebhookDeliveryConfig } from '../../delivery/webhook-delivery-config'
import { givenUp, goneReason, mailOutcome, webhookOutcome } from '../../delivery/webhook-outcome'
import { newMessageId } from '../../delivery/webhook-signature'
import { createMailer, type MailSettings } from '../../email/mailer'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import type { SendableChannel } from '../../store/alert-channels'
import type { DeliveryLogRow, DueDelivery } from '../../store/alert-deliveries'
import type { DeliveryOutcome } from '../../store/delivery-queue'
import { alertEmail, EVENT_AUDIT_HEAD, firedPayload, testPayload } from './alert-message'

export interface AlertDeliveryConfig extends WebhookDeliveryConfig {
  /** Null without CONSOLE_SMTP_URL: no email channels. */
  smtp: MailSettings | null
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

export function createAlertDelivery(deps: AlertDeliveryDeps) {
  const { store, audit, logger, config } = deps
  const now = deps.now ?? Date.now
  const schedule = config.schedule ?? DELIVERY_SCHEDULE_MS
  const mailer = config.smtp ? createMailer(config.smtp) : null

  /** What one attempt came to, before it is recorded. */
  async function attempt(
    delivery: DueDelivery,
    channel: SendableChannel | null,
  ): Promise<DeliveryOutcome & { gone?: boolean }> {
    const attemptedAt = now()
    const attempts = delivery.attempts + 1
    // A test goes out whether the channel is on or not: that is how a person checks it before turning it on.
    if (!channel) return givenUp(attemptedAt, 'Not sent: the channel was deleted.')
    if (!channel.enabled && delivery.eventType !== 'alert.test')
      return givenUp(attemptedAt, 'Not sent: the channel is turned off.')
    if (channel.kind === 'email') {
      if (!mailer) return givenUp(attemptedAt, 'Not sent: email is not configured (CONSOLE_SMTP_URL).')
      const payload = JSON.parse(delivery.payload) as AlertWebhookPayload
      const result = await mailer.send(alertEmail(payload, channel.recipients ?? [], channel.addedBy))
      return mailOutcome(result, schedule, attempts, attemptedAt, now())
    }
    if (!channel.url || !channel.secret) return givenUp(attemptedAt, 'Not sent: the channel has no URL or secret.')
    const result = await sendWebhook({
      url: channel.url,
      secret: channel.secret,
      messageId: delivery.id,
      body: delivery.payload,
      now: attemptedAt,
      allowPrivate: config.allowPrivate,
      timeoutMs: config.webhookTimeoutMs,
    })
    return webhookOutcome(result, schedule, attempts, attemptedAt, now())
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

  const worker = createDeliveryWorker({
    queue: store.alertDeliveries,
    deliver,
    logger,
    name: 'alert delivery',
    now,
    leaseMs: config.leaseMs,
    pollMs: config.pollMs,
  })
  const wake = worker.wake

  return {
    emailConfigured: mailer !== null,
    allowPrivate: config.allowPrivate,
    mailer,

    /**
     * One delivery per enabled channel of the firing's rule (every enabled channel when the rule names none, or was
     * deleted meanwhile); a firing fanned out before (here or elsewhere) adds none.
     */
    async fanOut(firing: AlertFiring): Promise<number> {
      const at = now()
      const body = JSON.stringify(firedPayload(firing, config.consoleUrl, at))
      const named = (await store.alertRules.find(firing.ruleId))?.channelIds ?? null
      // A channel the rule names that was deleted since is not among the enabled: it is passed over.
      const channels = (await store.alertChannels.enabledIds()).filter((id) => named === null || named.includes(id))
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

    runDue: worker.runDue,

    /** The worker: polls for due deliveries until closed. */
    start: worker.start,

    async close() {
      await worker.stop()
      mailer?.close()
    },
  }
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>
