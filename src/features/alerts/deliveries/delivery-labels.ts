// The one map of how a delivery's status and event read in the log.
import type { AlertDelivery } from '@/api/contract/alert-schemas'
import type { BadgeTone } from '@/components/ui/badge'

export const DELIVERY_STATUS_LOOK: Record<AlertDelivery['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'info' },
  retrying: { label: 'Retrying', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
}

const EVENT_WORDS: Record<string, string> = { 'alert.fired': 'Alert', 'alert.test': 'Test', 'audit.head': 'Audit head' }

/** "Alert", "Test", or the event type as the console sent it when it is another. */
export function eventLabel(eventType: string): string {
  return EVENT_WORDS[eventType] ?? eventType
}

/** "200", "250 (SMTP)", or "No answer". */
export function responseStatusText(delivery: Pick<AlertDelivery, 'responseStatus' | 'channelKind'>): string {
  if (delivery.responseStatus === null) return 'No answer'
  return delivery.channelKind === 'email' ? `${delivery.responseStatus} (SMTP)` : String(delivery.responseStatus)
}
