import { createFileRoute } from '@tanstack/react-router'
import { callQueries } from '@/api/calls'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { CallsListPage } from '@/features/calls/list/calls-list-page'
import { CallsListSkeleton } from '@/features/calls/list/calls-list-skeleton'
import { callsSearchSchema, toListQuery } from '@/features/calls/list/calls-search'

export const Route = createFileRoute('/calls/')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:read'),
  validateSearch: callsSearchSchema,
  loaderDeps: ({ search }) => toListQuery(search),
  // A failure is the page's to show: it keeps the filters and the rows it has, and offers Retry.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(callQueries.list(deps)).catch(() => undefined),
  head: () => ({ meta: [{ title: 'Calls' }] }),
  pendingComponent: CallsListSkeleton,
  errorComponent: RouteError,
  component: CallsListPage,
})
