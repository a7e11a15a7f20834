// The integrations' deliveries: one row per event to one destination. The unique (event_key, integration_id)
// pair queues an event once per destination whichever instance learns of it; the claim, the outcome and the log
// are the queue's (delivery-queue.ts), shared with the alert deliveries.
import type { ConsoleDb } from './database'
import { ATTEMPT_COLUMNS, type ClaimedDelivery, createDeliveryQueue, type DeliveryAttempts } from './delivery-queue'

export interface NewIntegrationDelivery {
  id: string
  integrationId: string
  /** Null for a test: never equal, so never refused. */
  eventKey: string | null
  eventType: string
  callId: string | null
  payload: string
  createdAt: number
}

export interface DueIntegrationDelivery extends ClaimedDelivery {
  integrationId: string
  callId: string | null
}

/** A row of the log: the delivery with its destination's name. */
export interface IntegrationDeliveryLogRow extends DeliveryAttempts {
  id: string
  integrationId: string
  integrationName: string
  eventType: string
  callId: string | null
}

export function createIntegrationDeliveryQueries(db: ConsoleDb) {
  // The claim, the outcome, the log and its pages are the queue's; this table gives its names.
  return createDeliveryQueue(db, {
    table: 'integration_deliveries',
    oncePer: ['event_key', 'integration_id'],
    columnsOf: (delivery: NewIntegrationDelivery) => ({
      id: delivery.id,
      integration_id: delivery.integrationId,
      event_key: delivery.eventKey,
      event_type: delivery.eventType,
      call_id: delivery.callId,
      payload: delivery.payload,
      created_at: delivery.createdAt,
    }),
    destinationField: 'integrationId',
    due: (row): Omit<DueIntegrationDelivery, keyof ClaimedDelivery> => ({
      integrationId: row.integration_id,
      callId: row.call_id,
    }),
    log: (integrationId) =>
      db
        .selectFrom('integration_deliveries as d')
        .innerJoin('integrations as i', 'i.id', 'd.integration_id')
        .select(['d.id', 'd.integration_id', 'i.name as integration_name', 'd.event_type', 'd.call_id'])
        .select(ATTEMPT_COLUMNS)
        .$if(Boolean(integrationId), (select) => select.where('d.integration_id', '=', integrationId as string)),
    logRow: (row, attempts): IntegrationDeliveryLogRow => ({
      id: row.id,
      integrationId: row.integration_id,
      integrationName: row.integration_name,
      eventType: row.event_type,
      callId: row.call_id,
      ...attempts,
    }),
  })
}
