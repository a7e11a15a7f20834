// How an alert delivery's event and answer read in the log (its status: @/components/delivery-status-badge.tsx).
import type { AlertDelivery } from '@/api/contract/alert-schemas'

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
