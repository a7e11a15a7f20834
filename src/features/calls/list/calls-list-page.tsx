import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { callQueries } from '@/api/calls'
import { can, sessionQueries } from '@/api/session'
import { buttonVariants } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { listPollInterval } from '../shared/call-status'
import { UpdatedAgo } from '../shared/updated-ago'
import { CallsFilters } from './calls-filters'
import { CallsPagination } from './calls-pagination'
import { toListQuery } from './calls-search'
import { CallsTable } from './calls-table'

const route = getRouteApi('/calls/')

export function CallsListPage() {
  const search = route.useSearch()
  const { data, dataUpdatedAt, isFetching } = useSuspenseQuery({
    ...callQueries.list(toListQuery(search)),
    refetchInterval: (query) => listPollInterval(query.state.data?.calls.map((c) => c.status)),
  })
  const live = listPollInterval(data.calls.map((c) => c.status)) !== false
  const filtered = Boolean(search.status || search.from_date || search.to_date || search.cursor)
  const mayPlaceCalls = can(useQuery(sessionQueries.current()).data, 'calls:create')

  return (
    <div className="space-y-4">
      <CallsHeader />
      <CallsFilters />
      {data.calls.length === 0 ? (
        <EmptyState
          title={filtered ? 'No calls match these filters' : 'No calls yet'}
          action={
            mayPlaceCalls && (
              <Link to="/calls/new" className={buttonVariants()}>
                Place a call
              </Link>
            )
          }
        >
          {filtered ? 'Change or clear the filters.' : 'Calls placed from this account appear here.'}
        </EmptyState>
      ) : (
        <>
          {live && <UpdatedAgo updatedAt={dataUpdatedAt} fetching={isFetching} />}
          <CallsTable calls={data.calls} />
        </>
      )}
      <CallsPagination nextCursor={data.next_cursor} />
    </div>
  )
}

export function CallsHeader() {
  const mayPlaceCalls = can(useQuery(sessionQueries.current()).data, 'calls:create')
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-2xl font-semibold">Calls</h1>
      {mayPlaceCalls && (
        <Link to="/calls/new" className={buttonVariants({ variant: 'secondary' })}>
          New call
        </Link>
      )}
    </div>
  )
}
