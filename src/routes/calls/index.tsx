import { createFileRoute } from '@tanstack/react-router'
import { callIndexQueries } from '@/api/call-index'
import { callQueries } from '@/api/calls'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { CallsListPage } from '@/features/calls/list/calls-list-page'
import { CallsListSkeleton } from '@/features/calls/list/calls-list-skeleton'
import { callsSearchSchema, toListQuery, toSearchQuery } from '@/features/calls/list/calls-search'
import { sourceOfAnswer } from '@/features/calls/list/calls-source'

export const Route = createFileRoute('/calls/')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:read'),
  validateSearch: callsSearchSchema,
  loaderDeps: ({ search }) => ({ search }),
  // The index first; the voice API's list when the index cannot answer the view (calls-source.ts).
  // A failure is the page's to show: it keeps the filters and the rows it has, and offers Retry.
  loader: async ({ context: { queryClient }, deps: { search } }) => {
    const choice = await queryClient.ensureQueryData(callIndexQueries.search(toSearchQuery(search))).then(
      (data) => sourceOfAnswer(search, data, null),
      (error: unknown) => sourceOfAnswer(search, undefined, error),
    )
    if (choice?.source === 'api')
      await queryClient.ensureQueryData(callQueries.list(toListQuery(search))).catch(() => undefined)
  },
  head: () => ({ meta: [{ title: 'Calls' }] }),
  pendingComponent: CallsListSkeleton,
  errorComponent: RouteError,
  component: CallsListPage,
})
