import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { parseCallQuery } from '@/api/contract/call-query'
import { useTimeZone } from '@/api/preferences'
import { can, sessionQueries } from '@/api/session'
import { Button, buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { StaleResultsAlert } from '@/components/ui/stale-results-alert'
import { cn } from '@/lib/cn'
import { errorText } from '@/lib/error-text'
import { searchResults } from '@/lib/list-row'
import { UpdatesMode } from '@/live/updates-mode'
import { ExportCalls } from '../export/export-calls'
import { rememberListSearch } from '../shared/list-return'
import { CallsFilters } from './calls-filters'
import { CallsHeader } from './calls-header'
import { CALLS_LAYOUT } from './calls-list-layout'
import { CallsRowsSkeleton } from './calls-list-skeleton'
import { CallsPagination } from './calls-pagination'
import { CLEARED_FILTERS, hasFilters, toSearchQuery } from './calls-search'
import { isInvalidView } from './calls-source'
import { CallsTable } from './calls-table'
import { DatePresetsBar } from './date-presets-bar'
import { billedMinutesText, INDEX_NOTICE_ID, IndexNotice, matchCount } from './index-notice'
import { useApplyFilters } from './use-apply-filters'
import { useCallsView } from './use-calls-view'

const route = getRouteApi('/calls/')
// The saved views load just after the list: they sit in the title's row (or a sidebar), so nothing moves
// when they come, and the cold list downloads less.
const SavedViewsPanel = lazy(() => import('../views/saved-views-panel'))
// Admins' search index panel sits below the list and fills in from its own query: it loads after the list.
const IndexAdmin = lazy(() => import('./index-admin'))

export function CallsListPage() {
  const search = route.useSearch()
  const apply = useApplyFilters()
  const view = useCallsView(search)
  const { choice, rows, error, isError, isFetching, isPlaceholderData, refetch } = view
  const filtered = hasFilters(search)
  const session = useQuery(sessionQueries.current()).data
  const mayPlaceCalls = can(session, 'calls:create')
  const mayManage = can(session, 'users:manage')
  const terms = parseCallQuery(search.q ?? '')
  const timeZone = useTimeZone()
  // A page position its list refuses (an old or edited link): asking again gets the same answer, the first
  // page does not. Each page is read from the list that wrote its cursor (calls-source.ts).
  const positionLost = Boolean(search.cursor) && isInvalidView(error)
  const firstPage = { label: 'Back to the first page', onClick: () => apply({}) }

  useEffect(() => rememberListSearch(search), [search])

  return (
    <div className={CALLS_LAYOUT.grid}>
      <CallsHeader titleClassName={CALLS_LAYOUT.title} actionClassName={CALLS_LAYOUT.action} />
      <aside className={CALLS_LAYOUT.views}>
        <Suspense fallback={null}>
          <SavedViewsPanel />
        </Suspense>
      </aside>
      <div className={cn(CALLS_LAYOUT.list, 'space-y-3')}>
        {choice?.notice && <IndexNotice notice={choice.notice} />}
        <CallsFilters indexOff={choice?.indexFiltersOff ?? false} noticeId={INDEX_NOTICE_ID} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <DatePresetsBar className="mr-auto hidden sm:flex" />
          {view.total && (
            <p className="text-sm font-medium" aria-live="polite">
              <span>{matchCount(view.total)}</span>
              {view.total.billedMinutes !== null && (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  <span>{billedMinutesText(view.total.billedMinutes)}</span>
                </>
              )}
              {view.total.counting && <span className="font-normal text-muted-foreground"> (still counting)</span>}
            </p>
          )}
          {rows && <UpdatesMode updatedAt={view.dataUpdatedAt} fetching={isFetching} pollEvery="every few seconds" />}
          <Button variant="secondary" size="xs" disabled={isFetching} onClick={refetch}>
            Refresh
          </Button>
          <ExportCalls
            query={toSearchQuery(search)}
            timeZone={timeZone}
            unavailable={choice?.source === 'api' ? 'Export needs the search index, which cannot answer now.' : null}
          />
        </div>
        {isError && rows && (
          <StaleResultsAlert onRetry={refetch} instead={positionLost ? firstPage : undefined}>
            {isPlaceholderData ? 'These filters could not be loaded' : 'The list could not be refreshed'}:{' '}
            {errorText(error)}{' '}
            {isPlaceholderData ? 'The rows below are from before.' : 'The rows below may be out of date.'}
          </StaleResultsAlert>
        )}
        {!rows ? (
          isError ? (
            <ErrorState
              error={error}
              title="The calls could not be loaded"
              onRetry={positionLost ? undefined : refetch}
            >
              {positionLost && (
                <Button variant="secondary" size="sm" className="mt-3" onClick={firstPage.onClick}>
                  {firstPage.label}
                </Button>
              )}
            </ErrorState>
          ) : (
            <CallsRowsSkeleton />
          )
        ) : rows.length === 0 && !isPlaceholderData && (view.nextCursor || search.cursor) ? (
          // A service may send an empty page with more after it: this page is empty, not the account.
          <EmptyState title="No calls on this page">
            {view.nextCursor
              ? 'The voice service sent this page empty; the calls go on on the next page.'
              : 'Go back a page to see the calls before.'}
          </EmptyState>
        ) : rows.length === 0 && !isPlaceholderData ? (
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
              ? 'Clear the filters or the search, or choose other dates.'
              : 'Calls placed from this account appear here.'}
          </EmptyState>
        ) : (
          <div
            className={cn(isPlaceholderData && 'opacity-60')}
            aria-busy={isPlaceholderData && isFetching}
            {...searchResults(search.q, !isPlaceholderData)}
          >
            <CallsTable
              calls={rows}
              placedBy={view.placedBy}
              showRecording={choice?.source === 'index'}
              terms={terms}
            />
          </div>
        )}
        {rows && <CallsPagination nextCursor={view.nextCursor} />}
        {mayManage && (
          <Suspense fallback={null}>
            <IndexAdmin />
          </Suspense>
        )}
      </div>
    </div>
  )
}
