import type { AlertDelivery } from '@/api/contract/alert-schemas'
import { DeliveryStatusBadge } from '@/components/delivery-status-badge'
import { Timestamp } from '@/components/timestamp'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { eventLabel, responseStatusText } from './delivery-labels'

/** Newest first. The excerpt is the receiver's own words: shown as text, never as HTML. */
export function DeliveryTable({ deliveries, zone }: { deliveries: readonly AlertDelivery[]; zone: string }) {
  return (
    <Table regionLabel="Delivery log table">
      <caption className="sr-only">Deliveries of alerts and tests, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Time ({zone})</TableHead>
          <TableHead>Channel</TableHead>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Response</TableHead>
          <TableHead>Response time</TableHead>
          <TableHead>Attempts</TableHead>
          <TableHead>Next attempt</TableHead>
          <TableHead>Excerpt</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell className="whitespace-nowrap">
              <Timestamp iso={delivery.createdAt} />
            </TableCell>
            <TableCell>
              {delivery.channelName}
              <span className="block text-xs text-slate-600 dark:text-slate-400">{delivery.channelKind}</span>
            </TableCell>
            <TableCell>{eventLabel(delivery.eventType)}</TableCell>
            <TableCell>
              <DeliveryStatusBadge status={delivery.status} />
            </TableCell>
            <TableCell className="tabular-nums">{responseStatusText(delivery)}</TableCell>
            <TableCell className="tabular-nums whitespace-nowrap">
              {delivery.responseTimeMs === null ? '—' : `${delivery.responseTimeMs} ms`}
            </TableCell>
            <TableCell className="tabular-nums">{delivery.attempts}</TableCell>
            <TableCell className="whitespace-nowrap">
              {delivery.nextAttemptAt ? <Timestamp iso={delivery.nextAttemptAt} /> : '—'}
            </TableCell>
            <TableCell className="max-w-64 text-xs break-words text-slate-700 dark:text-slate-300">
              {delivery.responseExcerpt ?? '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
