import type { UseQueryResult } from '@tanstack/react-query'
import { formatShare } from '@/api/caller-id-health-words'
import type { CallerIdHealthResponse } from '@/api/contract/usage-breakdown-schemas'
import { ErrorState } from '@/components/ui/error-state'
import { formatNumber } from '@/lib/format'

/** Above the table: the account's rate the flag compares with, what the index still misses, or why health is missing. */
export function HealthSummary({ health }: { health: UseQueryResult<CallerIdHealthResponse> }) {
  if (health.isError && !health.data)
    return (
      <ErrorState title="Could not load caller-ID health" error={health.error} onRetry={() => void health.refetch()} />
    )
  if (!health.data)
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Reading each caller ID’s recent calls…
      </p>
    )
  const { account, coverage } = health.data
  return (
    <div className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
      {account.answerRate !== null && (
        <p>
          Across the account, {formatShare(account.answerRate)} of the {formatNumber(account.ended)} recent ended calls
          were answered.
        </p>
      )}
      {!coverage.listingComplete && (
        <p role="status" className="text-amber-800 dark:text-amber-300">
          The console is still listing the account’s calls: health may miss some of them.
        </p>
      )}
      {coverage.inFlight > 0 && (
        <p>
          {formatNumber(coverage.inFlight)} {coverage.inFlight === 1 ? 'call is' : 'calls are'} still in flight and not
          counted yet.
        </p>
      )}
    </div>
  )
}
