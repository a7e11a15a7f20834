import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_TEST_EVENT,
  type IntegrationDelivery,
} from '@/api/contract/integration-schemas'
import { integrationQueries } from '@/api/integrations'
import { useTimeZone } from '@/api/preferences'
import { TableSkeleton } from '@/components/table-skeleton'
import { Timestamp } from '@/components/timestamp'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { zoneAbbreviation } from '@/lib/time-zone'

const STATUS_LOOK: Record<IntegrationDelivery['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'info' },
  retrying: { label: 'Retrying', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
}

const eventLabel = (type: string) =>
  type === INTEGRATION_TEST_EVENT ? 'Test event' : (INTEGRATION_EVENT_LABELS[type as never] ?? type)

/** Read again every few seconds while the tab is visible, and on focus: retries and calls change it by themselves. */
export function IntegrationDeliveryLog() {
  const log = useInfiniteQuery(integrationQueries.deliveries())
  const zone = zoneAbbreviation(useTimeZone())
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? []

  return (
    <Card aria-labelledby="integration-deliveries-title">
      <CardTitle id="integration-deliveries-title">Delivery log</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Each event sent to a destination, with the receiver’s answer. Retried after 5 s, 5 min, 30 min and 2 h, then
        marked failed.
      </p>
      <div className="mt-3 space-y-3">
        {log.isPending ? (
          <TableSkeleton />
        ) : log.isError && deliveries.length === 0 ? (
          <ErrorState title="Could not load the delivery log" error={log.error} onRetry={() => void log.refetch()} />
        ) : deliveries.length === 0 ? (
          <EmptyState title="Nothing sent yet">
            Deliveries appear here when a call ends or its outcome is saved, or when you send a test event.
          </EmptyState>
        ) : (
          <>
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
                        <Link
                          to="/calls/$callId"
                          params={{ callId: delivery.callId }}
                          className="block text-xs underline"
                        >
                          {delivery.callId}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell>
                      <Badge tone={STATUS_LOOK[delivery.status].tone}>{STATUS_LOOK[delivery.status].label}</Badge>
                    </TableCell>
                    <TableCell className="tabular-nums">
                      {delivery.responseStatus === null ? 'No answer' : delivery.responseStatus}
                      {delivery.responseTimeMs !== null && (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {delivery.responseTimeMs} ms
                        </span>
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
            {log.isError && (
              <ErrorState title="Could not read the log again" error={log.error} onRetry={() => void log.refetch()} />
            )}
            {log.hasNextPage && (
              <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? 'Loading older deliveries…' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </div>
    </Card>
  )
}
