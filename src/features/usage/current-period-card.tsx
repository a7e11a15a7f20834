import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { pluralize } from '@/lib/format'
import { daysLeft, formatNumber } from '@/lib/usage-format'
import { PeriodRange } from './period-range'
import { Fact, Facts, SectionCard } from './section-card'
import { UsageMeter } from './usage-meter'

export function CurrentPeriodCard({ now }: { now: number }) {
  const { data: usage, error, refetch, isPending } = useQuery(accountQueries.usage())
  return (
    <SectionCard id="current-period-title" title="Current period">
      {isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : error ? (
        <ErrorState title="Could not load the current period" error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <PeriodRange start={usage.period_start} end={usage.period_end} /> ·{' '}
            <span className="font-medium">{pluralize(daysLeft(usage.period_end, now), 'day')} left</span>
          </p>
          <UsageMeter
            used={usage.actual_minutes_used}
            committed={usage.committed_minutes}
            percent={usage.usage_percent}
          />
          <Facts compact>
            <Fact label="Used">{formatNumber(usage.actual_minutes_used)} minutes</Fact>
            <Fact label="Committed">{formatNumber(usage.committed_minutes)} minutes</Fact>
            <Fact label="Remaining">{formatNumber(usage.remaining_minutes)} minutes</Fact>
            <Fact label="Overage">
              <span className={usage.overage_minutes > 0 ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
                {formatNumber(usage.overage_minutes)} minutes
              </span>
            </Fact>
          </Facts>
        </div>
      )}
    </SectionCard>
  )
}
