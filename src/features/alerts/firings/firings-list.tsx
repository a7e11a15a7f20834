import { useInfiniteQuery } from '@tanstack/react-query'
import { alertQueries } from '@/api/alerts'
import { TableSkeleton } from '@/components/table-skeleton'
import { Timestamp } from '@/components/timestamp'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { usePhoneFormat } from '@/lib/phone-format'

// Periods are the service's UTC calendar months: named in UTC whatever the person's zone.
const periodFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** Every firing, newest first: this period's on top, then the history. */
export function FiringsList() {
  const firings = useInfiniteQuery(alertQueries.firings())
  const formatPhone = usePhoneFormat()
  const rows = firings.data?.pages.flatMap((page) => page.firings) ?? []

  return (
    <Card aria-labelledby="firings-title">
      <CardTitle id="firings-title">Firings</CardTitle>
      <div className="mt-3 space-y-3">
        {firings.isPending ? (
          <TableSkeleton rows={2} />
        ) : firings.isError && rows.length === 0 ? (
          <ErrorState title="Could not load the firings" error={firings.error} onRetry={() => void firings.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="No rule has fired yet" />
        ) : (
          <>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((firing) => (
                <li key={firing.id} className="py-2 text-sm">
                  <p>{firing.message}</p>
                  <div className="mt-0.5 flex flex-wrap items-start gap-x-4 text-xs text-slate-600 dark:text-slate-400">
                    <Timestamp iso={firing.firedAt} />
                    <span>Period of {periodFormat.format(new Date(firing.periodStart))} (UTC)</span>
                    {firing.subject && <span>Caller ID {formatPhone(firing.subject)}</span>}
                  </div>
                </li>
              ))}
            </ul>
            {firings.hasNextPage && (
              <Button
                variant="secondary"
                onClick={() => void firings.fetchNextPage()}
                disabled={firings.isFetchingNextPage}
              >
                {firings.isFetchingNextPage ? 'Loading older firings…' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </div>
    </Card>
  )
}
