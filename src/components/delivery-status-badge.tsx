import type { DeliveryStatus } from '@/api/contract/delivery-schemas'
import { Badge, type BadgeTone } from '@/components/ui/badge'

/** The one map of how a delivery's status reads, in the alert channels' log and the integrations' alike. */
const DELIVERY_STATUS_LOOK: Record<DeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'info' },
  retrying: { label: 'Retrying', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const look = DELIVERY_STATUS_LOOK[status]
  return <Badge tone={look.tone}>{look.label}</Badge>
}
