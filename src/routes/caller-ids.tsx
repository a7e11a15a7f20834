import { createFileRoute } from '@tanstack/react-router'
import { callerIdQueries } from '@/api/caller-ids'
import { CallerIdsPage } from '@/features/caller-ids/caller-ids-page'

export const Route = createFileRoute('/caller-ids')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(callerIdQueries.list())
  },
  head: () => ({ meta: [{ title: 'Caller IDs' }] }),
  component: CallerIdsPage,
})
