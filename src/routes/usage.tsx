import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { accountQueries } from '@/api/account'
import { requirePermission } from '@/api/session'
import { HISTORY_PAGE_SIZE } from '@/features/usage/history-page-size'
import { UsagePage } from '@/features/usage/usage-page'
import { usageSearchSchema } from '@/features/usage/usage-search'

// Issue 53: the period's call scores, a section the scoring feature owns, in a chunk of its own.
const ScoreSummarySection = lazy(() =>
  import('@/features/scoring/score-summary-section').then((module) => ({ default: module.ScoreSummarySection })),
)

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
  component: UsageRoute,
})

function UsageRoute() {
  return (
    <UsagePage
      sections={(period) => (
        <Suspense fallback={null}>
          <ScoreSummarySection period={period} />
        </Suspense>
      )}
    />
  )
}
