import { createFileRoute } from '@tanstack/react-router'
import { callerIdQueries } from '@/api/caller-ids'
import { requirePermission } from '@/api/session'
import { RouteError } from '@/components/route-error'
import { NewCallSkeleton } from '@/features/calls/new-call/new-call-layout'
import { NewCallPage } from '@/features/calls/new-call/new-call-page'
import { newCallSearchSchema } from '@/features/calls/new-call/new-call-search'

export const Route = createFileRoute('/calls/new')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'calls:create'),
  // A link fills the form in (new-call-search.ts); the call is placed only when the person presses Place call.
  validateSearch: newCallSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(callerIdQueries.list()),
  head: () => ({ meta: [{ title: 'New call' }] }),
  pendingComponent: NewCallSkeleton,
  // The skeleton comes with the page's chunk, not in every page's first JavaScript: it shows while the loader waits
  // for data (after the router's pendingMs), by when that chunk has arrived (or was preloaded on intent).
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  errorComponent: RouteError,
  component: NewCallPage,
})
