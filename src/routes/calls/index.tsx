import { createFileRoute } from '@tanstack/react-router'
import { callQueries } from '@/api/calls'
import { RouteError } from '@/components/route-error'
import { CallsListPage } from '@/features/calls/list/calls-list-page'
import { CallsListSkeleton } from '@/features/calls/list/calls-list-skeleton'
import { callsSearchSchema, toListQuery } from '@/features/calls/list/calls-search'

export const Route = createFileRoute('/calls/')({
  validateSearch: callsSearchSchema,
  loaderDeps: ({ search }) => toListQuery(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(callQueries.list(deps)),
  head: () => ({ meta: [{ title: 'Calls' }] }),
  pendingComponent: CallsListSkeleton,
  errorComponent: RouteError,
  component: CallsListPage,
})
