import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { auditQueries } from '@/api/audit'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { StaleResultsAlert } from '@/components/ui/stale-results-alert'
import { cn } from '@/lib/cn'
import { errorText } from '@/lib/error-text'
import { searchResults } from '@/lib/list-row'
import { AuditFilters, useApplyAuditFilters } from './audit-filters'
import { AuditLogHeader } from './audit-log-header'
import { AuditRowsSkeleton } from './audit-log-skeleton'
import { AuditPagination } from './audit-pagination'
import { CLEARED_FILTERS, hasFilters, toAuditQuery, useAuditSearch } from './audit-search'
import { AuditTable } from './audit-table'

/** Who did what, when, and how the console answered: filtered, paged and exported from the URL. */
export function AuditLogPage() {
  const search = useAuditSearch()
  const apply = useApplyAuditFilters()
  // The previous entries stay on screen, dimmed, while other filters load.
  const { data, error, isError, isFetching, isPlaceholderData, refetch } = useQuery({
    ...auditQueries.page(toAuditQuery(search)),
    placeholderData: keepPreviousData,
  })
  const filtered = hasFilters(search)

  return (
    <div className="space-y-4">
      <AuditLogHeader />
      <AuditFilters />
      {isError && data && (
        <StaleResultsAlert onRetry={() => void refetch()}>
          These entries could not be loaded: {errorText(error)} The entries below are from before.
        </StaleResultsAlert>
      )}
      {!data ? (
        isError ? (
          <ErrorState error={error} title="The audit log could not be loaded" onRetry={() => void refetch()} />
        ) : (
          <AuditRowsSkeleton />
        )
      ) : data.entries.length === 0 && !isPlaceholderData ? (
        <EmptyState
          title={filtered ? 'No entries match these filters' : 'No entries yet'}
          action={filtered && <Button onClick={() => apply(CLEARED_FILTERS)}>Clear filters</Button>}
        >
          {filtered
            ? 'Clear the filters, or choose another person, action or dates.'
            : 'Sign-ins, calls placed and changes to people appear here as they happen.'}
        </EmptyState>
      ) : (
        <div
          className={cn(isPlaceholderData && 'opacity-60')}
          aria-busy={isPlaceholderData && isFetching}
          {...searchResults(search.q, !isPlaceholderData)}
        >
          <AuditTable entries={data.entries} />
        </div>
      )}
      {data && <AuditPagination nextCursor={data.nextCursor} />}
    </div>
  )
}
