// The store's rows as the contract's answers (src/api/contract/alert-schemas.ts), and the log's cursor.
import type { AlertChannel, AlertDelivery } from '../../../../src/api/contract/alert-schemas'
import type { ChannelRow } from '../../store/alert-channels'
import type { DeliveryLogRow } from '../../store/alert-deliveries'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const channelAnswer = (row: ChannelRow): AlertChannel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  url: row.url,
  recipients: row.recipients,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: new Date(row.createdAt).toISOString(),
})

export const deliveryAnswer = (row: DeliveryLogRow): AlertDelivery => ({
  id: row.id,
  channelId: row.channelId,
  channelName: row.channelName,
  channelKind: row.channelKind,
  eventType: row.eventType,
  firingId: row.firingId,
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
export const deliveryCursor = (row: Pick<DeliveryLogRow, 'createdAt' | 'id'>) =>
  Buffer.from(`${row.createdAt}:${row.id}`).toString('base64url')

export function readDeliveryCursor(text: string): { createdAt: number; id: string } | null {
  const match = /^(\d{1,16}):(msg_[A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  return match ? { createdAt: Number(match[1]), id: match[2] as string } : null
}
