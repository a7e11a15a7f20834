import { useInfiniteQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { distinctPeriods, historyRepeat } from '@/api/usage-history-paging'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { pluralize } from '@/lib/format'
import { HistoryCards } from './history-cards'
import { HistoryChart } from './history-chart'
import { HISTORY_PAGE_SIZE } from './history-page-size'
import { toHistoryRows } from './history-rows'
import { HistoryTable } from './history-table'
import { SectionCard } from './section-card'
import { isCompletePeriod } from './usage-given'

/** Why "Load more" went: the service answered with what it had already sent, so older periods cannot be read here. */
const REPEAT_WORDS = {
  cursor:
    'No more periods can be loaded: the voice service named a page it had already sent. Older periods, if any, are not shown.',
  page: 'No more periods can be loaded: the voice service sent the same periods again. Older periods, if any, are not shown.',
} as const

export function HistorySection({ timeZone }: { timeZone: string }) {
  const history = useInfiniteQuery(accountQueries.usageHistory(HISTORY_PAGE_SIZE))
  const periods = distinctPeriods(history.data?.pages ?? [])
  const repeat = history.data ? historyRepeat(history.data.pages, history.data.pageParams) : null
  const rows = toHistoryRows(periods.filter(isCompletePeriod), timeZone)
  const leftOut = periods.length - rows.length
  return (
    <SectionCard id="history-title" title="History">
      {history.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : history.isError && rows.length === 0 ? (
        <ErrorState
          title="Could not load the usage history"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title="No billing periods yet">Usage appears here once the first period has started.</EmptyState>
      ) : (
        <div className="space-y-6">
          {/* The table needs more room than half of 1280 px: beside its chart from 2xl (1536 px). */}
          <div className="grid grid-cols-1 items-start gap-6 2xl:grid-cols-2">
            <HistoryChart rows={rows} timeZone={timeZone} />
            <HistoryTable rows={rows} timeZone={timeZone} />
            <HistoryCards rows={rows} timeZone={timeZone} />
          </div>
          {history.isFetchNextPageError && (
            <ErrorState
              title="Could not load older periods"
              error={history.error}
              onRetry={() => void history.fetchNextPage()}
            />
          )}
          <div className="flex items-center gap-3">
            {history.hasNextPage ? (
              <Button
                variant="secondary"
                onClick={() => void history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? 'Loading older periods…' : 'Load more'}
              </Button>
            ) : repeat ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{REPEAT_WORDS[repeat]}</p>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">That is every period on record.</p>
            )}
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {pluralize(rows.length, 'period')} shown
              {leftOut > 0 &&
                `; ${pluralize(leftOut, 'period')} left out, without the dates or minutes that place it (not given by the service)`}
            </p>
          </div>
        </div>
      )}
    </SectionCard>
  )
}
