import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_TEST_EVENT,
  type IntegrationDelivery,
} from '@/api/contract/integration-schemas'
import { integrationQueries } from '@/api/integrations'
import { DeliveryLogCard } from '@/components/delivery-log-card'
import { DeliveryStatusBadge } from '@/components/delivery-status-badge'
import { Timestamp } from '@/components/timestamp'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'

const eventLabel = (type: string) =>
  type === INTEGRATION_TEST_EVENT ? 'Test event' : (INTEGRATION_EVENT_LABELS[type as never] ?? type)

/** Read again every few seconds while the tab is visible, and on focus: retries and calls change it by themselves. */
export function IntegrationDeliveryLog() {
  const log = useInfiniteQuery(integrationQueries.deliveries())
  return (
    <DeliveryLogCard
      titleId="integration-deliveries-title"
      description="Each event sent to a destination, with the receiver’s answer. Retried after 5 s, 5 min, 30 min and 2 h, then marked failed."
      emptyText="Deliveries appear here when a call ends or its outcome is saved, or when you send a test event."
      log={log}
    >
      {(deliveries, zone) => <IntegrationDeliveryTable deliveries={deliveries} zone={zone} />}
    </DeliveryLogCard>
  )
}

/** Newest first. The excerpt is the receiver's own words: shown as text, never as HTML. */
function IntegrationDeliveryTable({ deliveries, zone }: { deliveries: readonly IntegrationDelivery[]; zone: string }) {
  return (
    <Table regionLabel="Integration delivery log table">
      <caption className="sr-only">Deliveries of call events and tests, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Time ({zone})</TableHead>
          <TableHead>Integration</TableHead>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Response</TableHead>
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
            <TableCell>{delivery.integrationName}</TableCell>
            <TableCell>
              {eventLabel(delivery.eventType)}
              {delivery.callId && (
                <Link to="/calls/$callId" params={{ callId: delivery.callId }} className="block text-xs underline">
                  {delivery.callId}
                </Link>
              )}
            </TableCell>
            <TableCell>
              <DeliveryStatusBadge status={delivery.status} />
            </TableCell>
            <TableCell className="tabular-nums">
              {delivery.responseStatus === null ? 'No answer' : delivery.responseStatus}
              {delivery.responseTimeMs !== null && (
                <span className="block text-xs text-slate-600 dark:text-slate-400">{delivery.responseTimeMs} ms</span>
              )}
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
