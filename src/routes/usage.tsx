import { createFileRoute } from '@tanstack/react-router'
import { accountQueries } from '@/api/account'
import { requirePermission } from '@/api/session'
import { HISTORY_PAGE_SIZE } from '@/features/usage/history-page-size'
import { UsagePage } from '@/features/usage/usage-page'
import { usageSearchSchema } from '@/features/usage/usage-search'

export const Route = createFileRoute('/usage')({
  beforeLoad: ({ context }) => requirePermission(context.session, 'usage:read'),
  // ?period=<a past period's period_start>&by=<breakdown>&key=<metadata key>: a link reproduces the view.
  validateSearch: usageSearchSchema,
  // Start all three reads at once; each section shows its own loading and error state.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(accountQueries.detail())
    void queryClient.prefetchQuery(accountQueries.usage())
    void queryClient.prefetchInfiniteQuery(accountQueries.usageHistory(HISTORY_PAGE_SIZE))
  },
  head: () => ({ meta: [{ title: 'Usage' }] }),
  component: UsagePage,
})
