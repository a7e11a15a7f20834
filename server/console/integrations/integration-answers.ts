// The store's rows as the contract's answers (src/api/contract/integration-schemas.ts): a destination's own fields,
// and what it shares with the alert channels' answers from ../delivery/delivery-answers.ts.
import type { Integration, IntegrationDelivery } from '../../../src/api/contract/integration-schemas'
import { attemptsAnswer, destinationStateAnswer } from '../delivery/delivery-answers'
import type { IntegrationDeliveryLogRow } from '../store/integration-deliveries'
import type { IntegrationRow } from '../store/integrations'

export const integrationAnswer = (row: IntegrationRow): Integration => ({
  id: row.id,
  name: row.name,
  url: row.url,
  events: row.events,
  ...destinationStateAnswer(row),
})

export const integrationDeliveryAnswer = (row: IntegrationDeliveryLogRow): IntegrationDelivery => ({
  id: row.id,
  integrationId: row.integrationId,
  integrationName: row.integrationName,
  eventType: row.eventType,
  callId: row.callId,
  ...attemptsAnswer(row),
})
