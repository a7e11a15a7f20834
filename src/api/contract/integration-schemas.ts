// The contract of integrations: destinations (webhook URLs signed as Standard Webhooks 1.0, as alert channels
// are) that receive the console's call events, each choosing which; a test event; the delivery log; and the
// events' bodies, which docs/integrations.md describes for the people who write receivers.
// The console keeps and sends them (server/console/integrations/); the admins' Integrations page reads them.
import * as z from 'zod/mini'
import { isPlainText, PLAIN_TEXT_ERROR } from './call-query'
import { deliveryAttemptFields, destinationStateFields } from './delivery-schemas'

/** Under CONSOLE_PREFIX. `:id` is a path parameter. */
export const INTEGRATION_PATHS = {
  destinations: '/integrations',
  destination: '/integrations/:id',
  /** Sends an `integration.test` event to one destination now (202 with the delivery). */
  destinationTest: '/integrations/:id/test',
  /** Every delivery's outcome, newest first. */
  deliveries: '/integrations/deliveries',
} as const

/** The events a destination may choose; the label is what the page's checkbox says. */
export const INTEGRATION_EVENTS = ['call.ended', 'call.outcome_saved', 'call.note_saved'] as const
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number]
export const INTEGRATION_EVENT_LABELS: Record<IntegrationEvent, string> = {
  'call.ended': 'A call ends',
  'call.outcome_saved': 'An outcome is recorded',
  'call.note_saved': 'A note is saved',
}
/** A test's event type: sent whatever the destination chose, and whether it is on or not. */
export const INTEGRATION_TEST_EVENT = 'integration.test'

const plainText = z.refine<string>(isPlainText, { error: PLAIN_TEXT_ERROR })

const destinationName = z
  .string()
  .check(z.trim(), z.minLength(1, { error: 'Name the destination.' }), z.maxLength(80), plainText)
const events = z
  .array(z.enum(INTEGRATION_EVENTS))
  .check(z.minLength(1, { error: 'Choose at least one event.' }), z.maxLength(INTEGRATION_EVENTS.length))

export const integrationInput = z.object({
  name: destinationName,
  /** http or https; private and loopback addresses only with CONSOLE_WEBHOOK_ALLOW_PRIVATE=on. */
  url: z.string().check(z.maxLength(2_000), plainText),
  events,
  enabled: z.boolean(),
})
export type IntegrationInput = z.infer<typeof integrationInput>

/** A change names only what changes. */
export const integrationChange = z.partial(integrationInput)

export const integration = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(INTEGRATION_EVENTS)),
  ...destinationStateFields,
})
export type Integration = z.infer<typeof integration>

export const integrationList = z.object({ integrations: z.array(integration) })

/** A new destination's answer: its signing secret (`whsec_…`), shown this once and never again. */
export const createdIntegration = z.object({ integration, secret: z.string() })

export const integrationDelivery = z.object({
  /** The Standard Webhooks message id (`webhook-id`), the same on every retry. */
  id: z.string(),
  integrationId: z.string(),
  integrationName: z.string(),
  /** One of INTEGRATION_EVENTS, or `integration.test`. */
  eventType: z.string(),
  /** The call it tells of; null for a test. */
  callId: z.nullable(z.string()),
  ...deliveryAttemptFields,
})
export type IntegrationDelivery = z.infer<typeof integrationDelivery>

export const integrationDeliveryList = z.object({
  deliveries: z.array(integrationDelivery),
  nextCursor: z.nullable(z.string()),
})

const recordedOutcome = z.object({
  id: z.string(),
  label: z.string(),
  /** The id of the person who recorded it. */
  recorded_by: z.string(),
  recorded_at: z.iso.datetime(),
})
const savedNote = z.object({
  text: z.string(),
  /** The id of the person who wrote it. */
  author: z.string(),
  updated_at: z.iso.datetime(),
})

/**
 * An event's body: Standard Webhooks' `type`, `timestamp` and `data`. The call's fields keep the voice API's names
 * (call_id, caller_id, destination, status, duration_seconds, billed_minutes, metadata); what the console adds is
 * named plainly. Any field the console does not know yet is null.
 */
export const integrationEventPayload = z.object({
  type: z.string(),
  timestamp: z.iso.datetime(),
  data: z.object({
    call_id: z.nullable(z.string()),
    caller_id: z.nullable(z.string()),
    destination: z.nullable(z.string()),
    status: z.nullable(z.string()),
    duration_seconds: z.nullable(z.number()),
    billed_minutes: z.nullable(z.number()),
    /** The email of the person who placed it through this console; null for a call placed elsewhere. */
    placed_by: z.nullable(z.string()),
    outcome: z.nullable(recordedOutcome),
    note: z.nullable(savedNote),
    metadata: z.nullable(z.record(z.string(), z.unknown())),
    /** The call's page on this console (its public URL); null for a test. */
    call_url: z.nullable(z.string()),
    /** The console's public origin. */
    console: z.string(),
  }),
})
export type IntegrationEventPayload = z.infer<typeof integrationEventPayload>
export type CallWork = {
  outcome: IntegrationEventPayload['data']['outcome']
  note: IntegrationEventPayload['data']['note']
}
