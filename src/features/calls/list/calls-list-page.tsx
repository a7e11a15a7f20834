import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { callQueries } from '@/api/calls'
import { can, sessionQueries } from '@/api/session'
import { Button, buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { StaleResultsAlert } from '@/components/ui/stale-results-alert'
import { UpdatesMode } from '@/features/live/updates-mode'
import { useIsLive } from '@/features/live/use-live'
import { cn } from '@/lib/cn'
import { errorText } from '@/lib/error-text'
import { listPollInterval } from '../shared/call-status'
import { rememberListSearch } from '../shared/list-return'
import { SavedViewsPanel } from '../views/saved-views-panel'
import { CallsFilters, CLEARED_FILTERS, useApplyFilters } from './calls-filters'
import { CallsHeader } from './calls-header'
import { CallsRowsSkeleton } from './calls-list-skeleton'
import { CallsPagination } from './calls-pagination'
import { hasFilters, toListQuery } from './calls-search'
import { CallsTable } from './calls-table'

const route = getRouteApi('/calls/')

/** Without the event stream, new calls appear at the top of the first page without a reload. */
export const FIRST_PAGE_POLL_MS = 10_000

export function CallsListPage() {
  const search = route.useSearch()
  const apply = useApplyFilters()
  const firstPage = !search.cursor
  const live = useIsLive()
  // Previous rows stay on screen while other filters load, and when a refresh fails.
  const query = useQuery({
    ...callQueries.list(toListQuery(search)),
    placeholderData: keepPreviousData,
    // Live, the stream updates the rows and refetches for new calls (live-query-sync.ts); otherwise poll.
    refetchInterval: (q) =>
      !live && (listPollInterval(q.state.data?.calls.map((c) => c.status)) || (firstPage && FIRST_PAGE_POLL_MS)),
  })
  const { data, error, isError, isFetching, isPlaceholderData, dataUpdatedAt, refetch } = query
  const filtered = hasFilters(search)
  const mayPlaceCalls = can(useQuery(sessionQueries.current()).data, 'calls:create')

  useEffect(() => rememberListSearch(search), [search])

  return (
    <div className="gap-6 lg:grid lg:grid-cols-[11rem_minmax(0,1fr)]">
      <aside className="mb-4 lg:mb-0">
        <SavedViewsPanel />
      </aside>
      <div className="space-y-4">
        <CallsHeader />
        <CallsFilters />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {data && <UpdatesMode updatedAt={dataUpdatedAt} fetching={isFetching} pollEvery="every few seconds" />}
          <Button variant="secondary" size="xs" disabled={isFetching} onClick={() => void refetch()}>
            Refresh
          </Button>
        </div>
        {isError && data && (
          <StaleResultsAlert onRetry={() => void refetch()}>
            {isPlaceholderData ? 'These filters could not be loaded' : 'The list could not be refreshed'}:{' '}
            {errorText(error)}{' '}
            {isPlaceholderData ? 'The rows below are from before.' : 'The rows below may be out of date.'}
          </StaleResultsAlert>
        )}
        {!data ? (
          isError ? (
            <ErrorState error={error} title="The calls could not be loaded" onRetry={() => void refetch()} />
          ) : (
            <CallsRowsSkeleton />
          )
        ) : data.calls.length === 0 && !isPlaceholderData ? (
          <EmptyState
            title={filtered ? 'No calls match these filters' : 'No calls yet'}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                {filtered && <Button onClick={() => apply(CLEARED_FILTERS)}>Clear filters</Button>}
                {mayPlaceCalls && (
                  <Link to="/calls/new" className={buttonVariants({ variant: filtered ? 'secondary' : 'primary' })}>
                    Place a call
                  </Link>
                )}
              </div>
            }
          >
            {filtered
              ? 'Clear the filters, or choose other dates or another status.'
              : 'Calls placed from this account appear here.'}
          </EmptyState>
        ) : (
          <div className={cn(isPlaceholderData && 'opacity-60')} aria-busy={isPlaceholderData && isFetching}>
            <CallsTable calls={data.calls} />
          </div>
        )}
        {data && <CallsPagination nextCursor={data.next_cursor} />}
      </div>
    </div>
  )
}
