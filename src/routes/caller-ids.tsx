import { createFileRoute } from '@tanstack/react-router'
import { callerIdQueries } from '@/api/caller-ids'
import { requirePermission } from '@/api/session'
import { CallerIdsPage } from '@/features/caller-ids/caller-ids-page'
import { callerIdsUrlSearch } from '@/features/caller-ids/caller-ids-url'

export const Route = createFileRoute('/caller-ids')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'caller-ids:read'),
  validateSearch: callerIdsUrlSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(callerIdQueries.list())
  },
  head: () => ({ meta: [{ title: 'Caller IDs' }] }),
  component: CallerIdsPage,
})
