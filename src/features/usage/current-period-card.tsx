import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { MIN_PACE_DAYS, type Pace } from '@/api/contract/period-pace'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { formatNumber, pluralize } from '@/lib/format'
import { daysLeft, formatRate } from '@/lib/usage-format'
import { useCurrentPeriodDays } from './current-period-days'
import { paceOfPeriod } from './pacing/pacing'
import { ProjectionCallout } from './pacing/projection-callout'
import { PeriodRange } from './period-range'
import { Fact, Facts, SectionCard } from './section-card'
import { type CompleteUsage, completeUsage, missingFigures, NOT_GIVEN } from './usage-given'
import { UsageMeter } from './usage-meter'

/** The page's lead: what is left of the commitment, how fast it goes, and where the period is heading. */
export function CurrentPeriodCard({ now, timeZone }: { now: number; timeZone: string }) {
  const { data: usage, error, refetch, isPending } = useQuery(accountQueries.usage())
  return (
    <SectionCard id="current-period-title" title="Current period">
      {isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-12 w-48" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : error ? (
        <ErrorState title="Could not load the current period" error={error} onRetry={() => void refetch()} />
      ) : (
        <UsageFigures usage={usage} now={now} timeZone={timeZone} />
      )}
    </SectionCard>
  )
}

function UsageFigures({
  usage,
  now,
  timeZone,
}: {
  usage: Parameters<typeof completeUsage>[0]
  now: number
  timeZone: string
}) {
  const complete = completeUsage(usage)
  if (complete) return <PeriodFigures usage={complete} now={now} timeZone={timeZone} />
  // Without every figure there is nothing to compute a pace or a meter from: the figures given, in words.
  const shown = (value: number | null | undefined) =>
    typeof value === 'number' ? `${formatNumber(value)} minutes` : NOT_GIVEN
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The service did not give {missingFigures(usage).join(', ')} for this period, so no pace or forecast is shown.
      </p>
      <Facts compact>
        <Fact label="Remaining">{shown(usage.remaining_minutes)}</Fact>
        <Fact label="Used">{shown(usage.actual_minutes_used)}</Fact>
        <Fact label="Committed">{shown(usage.committed_minutes)}</Fact>
        <Fact label="Overage">{shown(usage.overage_minutes)}</Fact>
      </Facts>
    </div>
  )
}

/** The pace fact's value: the pace, when it becomes known, or why it is not known. */
function paceWords(pace: Pace | null, unreadable: string | null, failed: boolean): string {
  if (pace?.kind === 'projection') return `${formatRate(pace.minutesPerDay)} minutes a day`
  if (pace) return `Known after ${MIN_PACE_DAYS} whole days`
  if (unreadable) return 'Not known: this period is not broken down into days'
  if (failed) return 'Not known: the minutes per day could not be read'
  return 'Reading the minutes per day…'
}

function PeriodFigures({ usage, now, timeZone }: { usage: CompleteUsage; now: number; timeZone: string }) {
  // The same daily series (and cache entry) as the pacing card and the breakdowns of this period.
  const { days, unreadable } = useCurrentPeriodDays(usage, timeZone)
  const pace = days.data ? paceOfPeriod(usage, days.data, now) : null
  const over = usage.overage_minutes > 0
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Period <PeriodRange start={usage.period_start} end={usage.period_end} timeZone={timeZone} />
      </p>
      <dl>
        <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Remaining</dt>
        <dd className={cn('text-4xl font-semibold tabular-nums sm:text-5xl', over && 'text-red-700 dark:text-red-300')}>
          {formatNumber(usage.remaining_minutes)}{' '}
          <span className="text-lg font-medium text-slate-600 dark:text-slate-400">minutes</span>
        </dd>
      </dl>
      <UsageMeter used={usage.actual_minutes_used} committed={usage.committed_minutes} percent={usage.usage_percent} />
      <Facts compact>
        <Fact label="Used">{formatNumber(usage.actual_minutes_used)} minutes</Fact>
        <Fact label="Committed">{formatNumber(usage.committed_minutes)} minutes</Fact>
        <Fact label="Days left">{pluralize(daysLeft(usage.period_end, now), 'day')}</Fact>
        <Fact label={pace?.kind === 'projection' ? `Pace, last ${pluralize(pace.windowDays, 'day')}` : 'Pace'}>
          {paceWords(pace, unreadable, days.isError)}
        </Fact>
        <Fact label="Overage">
          <span className={over ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
            {formatNumber(usage.overage_minutes)} minutes
          </span>
        </Fact>
      </Facts>
      {pace ? (
        <ProjectionCallout pace={pace} usage={usage} nowMs={now} timeZone={timeZone} />
      ) : unreadable ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No projection: {unreadable}</p>
      ) : days.isError ? (
        <ErrorState
          title="Could not load the minutes per day, so no projection"
          error={days.error}
          onRetry={() => void days.refetch()}
        />
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
    </div>
  )
}
