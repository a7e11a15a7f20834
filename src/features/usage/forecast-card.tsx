import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { type Forecast, forecastPeriod } from '@/lib/forecast'
import { pluralize } from '@/lib/format'
import { formatRate } from '@/lib/usage-format'
import { BurnUpChart } from './burn-up-chart'
import { SectionCard } from './section-card'
import { completeUsage, missingFigures } from './usage-given'

/** How the projection in the current period's card is made, drawn as a burn-up. */
export function ForecastCard({ now, timeZone }: { now: number; timeZone: string }) {
  const { data: usage, error, refetch, isPending } = useQuery(accountQueries.usage())
  return (
    <SectionCard id="forecast-title" title="Forecast for this period">
      {isPending ? (
        <Skeleton className="h-60 w-full" />
      ) : error ? (
        <ErrorState title="Could not load the current period" error={error} onRetry={() => void refetch()} />
      ) : (
        <CompleteForecast usage={usage} now={now} timeZone={timeZone} />
      )}
    </SectionCard>
  )
}

function CompleteForecast({
  usage,
  now,
  timeZone,
}: {
  usage: Parameters<typeof completeUsage>[0]
  now: number
  timeZone: string
}) {
  const complete = completeUsage(usage)
  if (!complete)
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        No forecast: the service did not give {missingFigures(usage).join(', ')} for this period.
      </p>
    )
  const forecast = forecastPeriod({
    periodStart: complete.period_start,
    periodEnd: complete.period_end,
    now,
    usedMinutes: complete.actual_minutes_used,
    committedMinutes: complete.committed_minutes,
  })
  return <ForecastBody timeZone={timeZone} forecast={forecast} />
}

function ForecastBody({ forecast, timeZone }: { forecast: Forecast; timeZone: string }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {forecast.kind === 'insufficient-data' ? (
          <>
            <span className="font-medium">Not enough data for a forecast yet.</span> {forecast.reason}
          </>
        ) : (
          <>
            Assumption: usage continues at its average pace over the{' '}
            {/* One decimal: the pace is averaged over the exact time elapsed, not over whole days. */}
            {pluralize(Math.round(forecast.elapsedDays * 10) / 10, 'day')} since the period started (
            {formatRate(forecast.minutesPerDay)} minutes a day). Only the total so far is known, not the usage of each
            day.
          </>
        )}
      </p>
      <BurnUpChart forecast={forecast} timeZone={timeZone} />
    </div>
  )
}
