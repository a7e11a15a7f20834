// What the integration tests share: a store with an integration delivery over it, destinations, and an ended
// call in the call index as its sync would have written it.
import type { IntegrationEvent } from '../../../src/api/contract/integration-schemas'
import { createAuditLog } from '../audit/audit-log'
import { newWebhookSecret } from '../delivery/webhook-signature'
import { createLogger } from '../http/request-log'
import { createIntegrationDelivery, type IntegrationDeliveryDeps } from '../integrations/integration-delivery'
import type { ConsoleStore } from '../store'
import { openTestStore } from './test-store'

/** A schedule of the same shape, short enough for a test: three attempts. */
export const SHORT_SCHEDULE = [0, 150, 300]
/** The test consoles' clock: the calls below are created an hour after it. */
export const ADDED_AT = Date.parse('2026-12-01T09:00:00Z')

export async function integrationsUnderTest(
  options: Partial<IntegrationDeliveryDeps['config']> & Pick<IntegrationDeliveryDeps, 'readWork'> = {},
  store?: ConsoleStore,
) {
  const db = store ?? (await openTestStore())
  const { readWork, ...config } = options
  const delivery = createIntegrationDelivery({
    store: db,
    audit: createAuditLog(db),
    logger: createLogger('json', () => true),
    config: {
      allowPrivate: true,
      consoleUrl: 'https://console.example.com',
      schedule: SHORT_SCHEDULE,
      pollMs: 20,
      ...config,
    },
    readWork,
  })
  return { store: db, delivery }
}

let destinations = 0
export async function addDestination(
  store: ConsoleStore,
  url: string,
  events: IntegrationEvent[] = ['call.ended', 'call.outcome_saved', 'call.note_saved'],
  createdAt = ADDED_AT,
) {
  const id = `int_test${++destinations}`
  const secret = newWebhookSecret()
  await store.integrations.create({
    id,
    name: `Receiver ${destinations}`,
    url,
    secret,
    events,
    enabled: true,
    disabledReason: null,
    createdAt,
  })
  return { id, secret }
}

/** A call the index has listed and then read in full after it ended; answers its creation time. */
export async function endedCall(store: ConsoleStore, callId: string, createdAt = ADDED_AT + 3_600_000) {
  const created = new Date(createdAt).toISOString()
  const call = {
    call_id: callId,
    caller_id: '+14155550100',
    destination: '+14155550199',
    created_at: created,
  }
  await store.callIndex.upsertListed([{ ...call, status: 'DIALER_COMPLETED', duration_seconds: 95 }])
  await store.callIndex.writeDetail(
    {
      ...call,
      status: 'DIALER_COMPLETED',
      duration_seconds: 95,
      billed_minutes: 2,
      metadata: { ticket: 'T-4821' },
    },
    createdAt + 120_000,
  )
  return createdAt
}
