import type { ReactNode } from 'react'
import { useTimeZone } from '@/api/preferences'
import { TableSkeleton } from '@/components/table-skeleton'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { zoneAbbreviation } from '@/lib/time-zone'

/** The feature's infinite query of its log, as the card reads it. */
interface DeliveryLogQuery<Delivery> {
  data: { pages: readonly { deliveries: readonly Delivery[] }[] } | undefined
  isPending: boolean
  isError: boolean
  error: Error | null
  refetch: () => unknown
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/**
 * A delivery log (the alert channels', the integrations'): its title and what it holds, the feature's table of the
 * pages read so far, "Load more" while older ones remain, and what went wrong in words. The feature passes its
 * query (read again by itself while the tab is visible), its words and its table.
 */
export function DeliveryLogCard<Delivery>({
  titleId,
  description,
  emptyText,
  log,
  filters,
  children,
}: {
  /** The title's id, unique on the page: the card is named by it. */
  titleId: string
  description: string
  /** What the empty log says sends the first delivery. */
  emptyText: string
  log: DeliveryLogQuery<Delivery>
  /** The feature's filters of its log, above the table. */
  filters?: ReactNode
  /** The table of the deliveries read so far, newest first, its times in `zone` (its abbreviation). */
  children: (deliveries: readonly Delivery[], zone: string) => ReactNode
}) {
  const zone = zoneAbbreviation(useTimeZone())
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? []

  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Delivery log</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      {filters && <div className="mt-3">{filters}</div>}
      <div className="mt-3 space-y-3">
        {log.isPending ? (
          <TableSkeleton />
        ) : log.isError && deliveries.length === 0 ? (
          <ErrorState title="Could not load the delivery log" error={log.error} onRetry={() => void log.refetch()} />
        ) : deliveries.length === 0 ? (
          <EmptyState title="Nothing sent yet">{emptyText}</EmptyState>
        ) : (
          <>
            {children(deliveries, zone)}
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
