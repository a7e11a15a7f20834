// The store's rows as the contract's answers (src/api/contract/integration-schemas.ts), and the log's cursor.
import type { Integration, IntegrationDelivery } from '../../../src/api/contract/integration-schemas'
import type { IntegrationDeliveryLogRow } from '../store/integration-deliveries'
import type { IntegrationRow } from '../store/integrations'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const integrationAnswer = (row: IntegrationRow): Integration => ({
  id: row.id,
  name: row.name,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: new Date(row.createdAt).toISOString(),
})

export const integrationDeliveryAnswer = (row: IntegrationDeliveryLogRow): IntegrationDelivery => ({
  id: row.id,
  integrationId: row.integrationId,
  integrationName: row.integrationName,
  eventType: row.eventType,
  callId: row.callId,
  status: row.status,
  attempts: row.attempts,
  createdAt: new Date(row.createdAt).toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: iso(row.nextAttemptAt),
  responseStatus: row.responseStatus,
  responseTimeMs: row.responseTimeMs,
  responseExcerpt: row.responseExcerpt,
})

/** Opaque to the page: the last row's created_at and id. */
export const deliveryCursor = (row: Pick<IntegrationDeliveryLogRow, 'createdAt' | 'id'>) =>
  Buffer.from(`${row.createdAt}:${row.id}`).toString('base64url')

export function readDeliveryCursor(text: string): { createdAt: number; id: string } | null {
  const match = /^(\d{1,16}):(msg_[A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  return match ? { createdAt: Number(match[1]), id: match[2] as string } : null
}
