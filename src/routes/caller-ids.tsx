import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { callerIdQueries } from '@/api/caller-ids'
import { CallerIdsPage } from '@/features/caller-ids/caller-ids-page'

const callerIdsSearch = z.object({
  // Overrides VITE_VERIFICATION_TIMEOUT_MS for one visit, so a test can see the timeout without waiting 10 minutes.
  verification_timeout_ms: z.coerce.number().int().positive().optional().catch(undefined),
})

export const Route = createFileRoute('/caller-ids')({
  validateSearch: callerIdsSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(callerIdQueries.list())
  },
  head: () => ({ meta: [{ title: 'Caller IDs' }] }),
  component: CallerIdsPage,
})
