import type { AlertDelivery } from '@/api/contract/alert-schemas'
import { type DeliveryLogColumn, DeliveryLogTable } from '@/components/delivery-log-table'
import { eventLabel, responseStatusText } from './delivery-labels'

const ABOUT: readonly DeliveryLogColumn<AlertDelivery>[] = [
  {
    header: 'Channel',
    cell: (delivery) => (
      <>
        {delivery.channelName}
        <span className="block text-xs text-slate-600 dark:text-slate-400">{delivery.channelKind}</span>
      </>
    ),
  },
  { header: 'Event', cell: (delivery) => eventLabel(delivery.eventType) },
]

const ANSWER: readonly DeliveryLogColumn<AlertDelivery>[] = [
  { header: 'Response', className: 'tabular-nums', cell: responseStatusText },
  {
    header: 'Response time',
    className: 'tabular-nums whitespace-nowrap',
    cell: (delivery) => (delivery.responseTimeMs === null ? '—' : `${delivery.responseTimeMs} ms`),
  },
]

export function DeliveryTable({ deliveries, zone }: { deliveries: readonly AlertDelivery[]; zone: string }) {
  return (
    <DeliveryLogTable
      regionLabel="Delivery log table"
      caption="Deliveries of alerts and tests, newest first"
      zone={zone}
      deliveries={deliveries}
      about={ABOUT}
      answer={ANSWER}
    />
  )
}
