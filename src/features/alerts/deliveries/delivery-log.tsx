import { useInfiniteQuery } from '@tanstack/react-query'
import { alertQueries } from '@/api/alerts'
import { useTimeZone } from '@/api/preferences'
import { TableSkeleton } from '@/components/table-skeleton'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { zoneAbbreviation } from '@/lib/time-zone'
import { DeliveryTable } from './delivery-table'

/** Read again every few seconds while the tab is visible, and on focus: retries and tests change it by themselves. */
export function DeliveryLog() {
  const log = useInfiniteQuery(alertQueries.deliveries())
  const zone = zoneAbbreviation(useTimeZone())
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? []

  return (
    <Card aria-labelledby="deliveries-title">
      <CardTitle id="deliveries-title">Delivery log</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Each alert and test sent through a channel, with the receiver’s answer. Webhooks are retried with backoff, then
        marked failed.
      </p>
      <div className="mt-3 space-y-3">
        {log.isPending ? (
          <TableSkeleton />
        ) : log.isError && deliveries.length === 0 ? (
          <ErrorState title="Could not load the delivery log" error={log.error} onRetry={() => void log.refetch()} />
        ) : deliveries.length === 0 ? (
          <EmptyState title="Nothing sent yet">
            Deliveries appear here when a rule fires with a channel on, or when you send a test.
          </EmptyState>
        ) : (
          <>
            <DeliveryTable deliveries={deliveries} zone={zone} />
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
