import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { formatNumber } from '@/lib/format'
import { formatDateInZone } from '@/lib/usage-format'
import { useCurrentPeriodDays } from '../current-period-days'
import { SectionCard } from '../section-card'
import { type CompleteUsage, completeUsage, missingFigures } from '../usage-given'
import { BurnUpChart } from './burn-up-chart'
import { burnUpPoints, paceAssumption, paceOfPeriod } from './pacing'

/** How the current period is pacing, from its real daily series, drawn as a burn-up. */
export function PacingCard({ now, timeZone }: { now: number; timeZone: string }) {
  const { data: usage, error, refetch, isPending } = useQuery(accountQueries.usage())
  const complete = usage ? completeUsage(usage) : null
  return (
    <SectionCard id="pacing-title" title="Pacing">
      {isPending ? (
        <Skeleton className="h-60 w-full" />
      ) : error ? (
        <ErrorState title="Could not load the current period" error={error} onRetry={() => void refetch()} />
      ) : complete ? (
        <PacingBody usage={complete} now={now} timeZone={timeZone} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No pacing: the service did not give {missingFigures(usage).join(', ')} for this period.
        </p>
      )}
    </SectionCard>
  )
}

function PacingBody({ usage, now, timeZone }: { usage: CompleteUsage; now: number; timeZone: string }) {
  const { days, unreadable } = useCurrentPeriodDays(usage, timeZone)
  if (unreadable) return <p className="text-sm text-slate-700 dark:text-slate-300">No pacing: {unreadable}</p>
  if (days.isPending) return <Skeleton className="h-60 w-full" />
  if (days.isError)
    return (
      <ErrorState title="Could not load the minutes per day" error={days.error} onRetry={() => void days.refetch()} />
    )
  const pace = paceOfPeriod(usage, days.data, now)
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="pace-assumption">
        {pace.kind === 'too-early' ? (
          pace.reason
        ) : (
          <>
            Assumption: {paceAssumption(pace, timeZone)} At that pace the period ends at about{' '}
            {formatNumber(Math.round(pace.projectedMinutes))} minutes
            {pace.alreadyOver
              ? ', past the commitment already.'
              : pace.crossesAtMs !== null
                ? `, crossing the commitment around ${formatDateInZone(pace.crossesAtMs, timeZone)}.`
                : `, leaving ${formatNumber(pace.unusedMinutes)} committed minutes unused.`}
          </>
        )}
      </p>
      <BurnUpChart points={burnUpPoints(usage, days.data, pace, now)} pace={pace} nowMs={now} timeZone={timeZone} />
    </div>
  )
}
