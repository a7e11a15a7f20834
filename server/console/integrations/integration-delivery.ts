// Carries call events to the integrations: queues one delivery per subscribed destination (once per event and
// destination, by the store's unique pair, whichever instance learns of it), and runs the shared worker
// (delivery/delivery-worker.ts) that claims due deliveries, signs and sends them, and records each attempt.
import {
  INTEGRATION_TEST_EVENT,
  type IntegrationEvent,
  type IntegrationEventPayload,
} from '../../../src/api/contract/integration-schemas'
import { FINISHED_CALL_STATUSES } from '../../../src/api/contract/schemas'
import type { AuditLog } from '../audit/audit-log'
import { createDeliveryWorker } from '../delivery/delivery-worker'
import { DELIVERY_SCHEDULE_MS } from '../delivery/retry-schedule'
import { sendWebhook } from '../delivery/send-webhook'
import type { WebhookDeliveryConfig } from '../delivery/webhook-delivery-config'
import { givenUp, goneReason, webhookOutcome } from '../delivery/webhook-outcome'
import { newMessageId } from '../delivery/webhook-signature'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import type { DueIntegrationDelivery, IntegrationDeliveryLogRow } from '../store/integration-deliveries'
import { callEventPayload, testEventPayload, withWork } from './event-payload'
import { noWork, type ReadWork, type WorkSavedEvent } from './work-saved'

export interface IntegrationDeliveryDeps {
  store: ConsoleStore
  audit: AuditLog
  logger: Logger
  config: WebhookDeliveryConfig
  /** The outcomes module's reading of a call's outcome and note; none until the lead wires it. */
  readWork?: ReadWork
  now?: () => number
}

/**
 * A call created this long before a destination was added still counts as news to it; anything older (the call
 * index's backfill of past calls ending in its detail queue) is not sent.
 */
const ENDED_CALL_GRACE_MS = 60 * 60_000

export function createIntegrationDelivery(deps: IntegrationDeliveryDeps) {
  const { store, audit, logger, config } = deps
  const now = deps.now ?? Date.now
  const readWork = deps.readWork ?? noWork
  const schedule = config.schedule ?? DELIVERY_SCHEDULE_MS

  const workOf = async (callId: string | null) => (callId ? await readWork(callId) : null)

  async function deliver(delivery: DueIntegrationDelivery): Promise<void> {
    const destination = await store.integrations.sendable(delivery.integrationId)
    const attemptedAt = now()
    let outcome: ReturnType<typeof webhookOutcome>
    if (!destination) outcome = givenUp(attemptedAt, 'Not sent: the destination was deleted.')
    // A test goes out whether the destination is on or not: that is how a person checks it before turning it on.
    else if (!destination.enabled && delivery.eventType !== INTEGRATION_TEST_EVENT)
      outcome = givenUp(attemptedAt, 'Not sent: the destination is turned off.')
    else {
      // The outcome and note as they are when sent: one saved after the call ended still goes with it.
      const queued = JSON.parse(delivery.payload) as IntegrationEventPayload
      const body = JSON.stringify(withWork(queued, await workOf(delivery.callId)))
      const result = await sendWebhook({
        url: destination.url,
        secret: destination.secret,
        messageId: delivery.id,
        body,
        now: attemptedAt,
        allowPrivate: config.allowPrivate,
        timeoutMs: config.webhookTimeoutMs,
        purpose: 'integrations',
      })
      outcome = webhookOutcome(result, schedule, delivery.attempts + 1, attemptedAt, now())
    }
    const { gone, ...recorded } = outcome
    if (!(await store.integrationDeliveries.record(delivery, recorded))) {
      logger.error({ msg: 'integration delivery outcome not recorded: its claim ran out', delivery: delivery.id })
      return
    }
    await audit.record({
      actor: null,
      action: 'integration-delivery.attempted',
      target: delivery.id,
      outcome: recorded.responseStatus ?? 0,
      detail: {
        integrationId: delivery.integrationId,
        eventType: delivery.eventType,
        callId: delivery.callId,
        attempt: delivery.attempts + 1,
        status: recorded.status,
        responseTimeMs: recorded.responseTimeMs,
        nextAttemptAt: recorded.nextAttemptAt === null ? null : new Date(recorded.nextAttemptAt).toISOString(),
        excerpt: recorded.responseExcerpt,
      },
    })
    if (gone && destination && (await store.integrations.disable(destination.id, goneReason(attemptedAt))))
      await audit.record({
        actor: null,
        action: 'integration.disabled',
        target: destination.id,
        outcome: 410,
        detail: { name: destination.name, reason: goneReason(attemptedAt) },
      })
  }

  const worker = createDeliveryWorker({
    queue: store.integrationDeliveries,
    deliver,
    logger,
    name: 'integration delivery',
    now,
    leaseMs: config.leaseMs,
    pollMs: config.pollMs,
  })

  /** One delivery of a call's event per destination that chose it; `eventKey` makes it once across instances. */
  async function queueCallEvent(
    type: IntegrationEvent,
    callId: string,
    eventKey: string,
    createdAtMs: number | null,
  ): Promise<number> {
    const at = now()
    const destinations = (await store.integrations.subscribedTo(type)).filter(
      (destination) =>
        type !== 'call.ended' || createdAtMs === null || createdAtMs >= destination.createdAt - ENDED_CALL_GRACE_MS,
    )
    if (destinations.length === 0) return 0
    const facts = await store.integrationCallFacts.of(callId)
    // The detail queue holds ended calls only; a call the index no longer says has ended is no such news.
    if (type === 'call.ended' && !FINISHED_CALL_STATUSES.includes(facts.status ?? '')) return 0
    const body = JSON.stringify(callEventPayload(type, facts, null, config.consoleUrl, at))
    const added = await store.integrationDeliveries.insert(
      destinations.map((destination) => ({
        id: newMessageId(),
        integrationId: destination.id,
        eventKey,
        eventType: type,
        callId,
        payload: body,
        createdAt: at,
      })),
    )
    if (added > 0) worker.wake()
    return added
  }

  return {
    allowPrivate: config.allowPrivate,

    /** The call index has a call's final details (it ended): `call.ended`, once per destination however told. */
    callEnded: (callId: string, createdAtMs: number | null) =>
      queueCallEvent('call.ended', callId, `call.ended:${callId}`, createdAtMs),

    /** The outcomes module's listener (WorkSavedEvent): `call.outcome_saved` or `call.note_saved`. */
    async integrationsOnWorkSaved(event: WorkSavedEvent): Promise<void> {
      const type = event.kind === 'outcome' ? 'call.outcome_saved' : 'call.note_saved'
      // The save stands whatever happens here: a store error is logged, never the person's problem.
      await queueCallEvent(type, event.callId, `${type}:${event.callId}:${event.at}`, null).catch((error) =>
        logger.error({ msg: 'integration event not queued', type, callId: event.callId, error: String(error) }),
      )
    },

    /** A test event to one destination, queued now; null when there is no such destination. */
    async sendTest(integrationId: string): Promise<IntegrationDeliveryLogRow | null> {
      const destination = await store.integrations.find(integrationId)
      if (!destination) return null
      const at = now()
      const id = newMessageId()
      const body = JSON.stringify(testEventPayload(INTEGRATION_TEST_EVENT, config.consoleUrl, at))
      await store.integrationDeliveries.insert([
        {
          id,
          integrationId,
          eventKey: null,
          eventType: INTEGRATION_TEST_EVENT,
          callId: null,
          payload: body,
          createdAt: at,
        },
      ])
      worker.wake()
      return store.integrationDeliveries.find(id)
    },

    runDue: worker.runDue,
    /** The worker: polls for due deliveries until closed. */
    start: worker.start,
    close: worker.stop,
  }
}

export type IntegrationDelivery = ReturnType<typeof createIntegrationDelivery>
