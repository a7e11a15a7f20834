// The store's rows as the contract's answers (src/api/contract/alert-schemas.ts): a channel's own fields, and what
// it shares with the integrations' answers from ../../delivery/delivery-answers.ts.
import type { AlertChannel, AlertDelivery } from '../../../../src/api/contract/alert-schemas'
import { attemptsAnswer, destinationStateAnswer } from '../../delivery/delivery-answers'
import type { ChannelRow } from '../../store/alert-channels'
import type { DeliveryLogRow } from '../../store/alert-deliveries'

export const channelAnswer = (row: ChannelRow): AlertChannel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  url: row.url,
  recipients: row.recipients,
  ...destinationStateAnswer(row),
})

export const deliveryAnswer = (row: DeliveryLogRow): AlertDelivery => ({
  id: row.id,
  channelId: row.channelId,
  channelName: row.channelName,
  channelKind: row.channelKind,
  eventType: row.eventType,
  firingId: row.firingId,
  ruleId: row.ruleId,
  ...attemptsAnswer(row),
})
