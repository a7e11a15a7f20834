// The alert deliveries: one row per message to one channel. The unique (firing_id, channel_id) pair fans a firing
// out once per channel; the claim, the outcome and the log are the queue's (delivery-queue.ts), shared with the
// integrations' deliveries.
import type { ConsoleDb } from './database'
import { ATTEMPT_COLUMNS, type ClaimedDelivery, createDeliveryQueue, type DeliveryAttempts } from './delivery-queue'

export interface NewDelivery {
  id: string
  channelId: string
  firingId: string | null
  eventType: string
  payload: string
  createdAt: number
}

export interface DueDelivery extends ClaimedDelivery {
  channelId: string
}

/** A row of the log: the delivery with its channel's name and kind. */
export interface DeliveryLogRow extends DeliveryAttempts {
  id: string
  channelId: string
  channelName: string
  channelKind: 'webhook' | 'email'
  eventType: string
  firingId: string | null
  /** The rule of its firing; null for a test or the audit head. */
  ruleId: string | null
}

export function createAlertDeliveryQueries(db: ConsoleDb) {
  // The claim, the outcome, the log and its pages are the queue's; this table gives its names.
  return createDeliveryQueue(db, {
    table: 'alert_deliveries',
    oncePer: ['firing_id', 'channel_id'],
    columnsOf: (delivery: NewDelivery) => ({
      id: delivery.id,
      channel_id: delivery.channelId,
      firing_id: delivery.firingId,
      event_type: delivery.eventType,
      payload: delivery.payload,
      created_at: delivery.createdAt,
    }),
    destinationField: 'channelId',
    due: (row): Omit<DueDelivery, keyof ClaimedDelivery> => ({ channelId: row.channel_id }),
    // `ruleId` narrows the log to the deliveries of one rule's firings.
    log: (channelId, { ruleId }) =>
      db
        .selectFrom('alert_deliveries as d')
        .innerJoin('alert_channels as c', 'c.id', 'd.channel_id')
        .leftJoin('alert_firings as f', 'f.id', 'd.firing_id')
        .select([
          'd.id',
          'd.channel_id',
          'c.name as channel_name',
          'c.kind as channel_kind',
          'd.event_type',
          'd.firing_id',
          'f.rule_id',
          ...ATTEMPT_COLUMNS,
        ])
        .$if(Boolean(channelId), (select) => select.where('d.channel_id', '=', channelId as string))
        .$if(Boolean(ruleId), (select) => select.where('f.rule_id', '=', ruleId as string)),
    logRow: (row, attempts): DeliveryLogRow => ({
      id: row.id,
      channelId: row.channel_id,
      channelName: row.channel_name,
      channelKind: row.channel_kind,
      eventType: row.event_type,
      firingId: row.firing_id,
      ruleId: row.rule_id,
      ...attempts,
    }),
  })
}
