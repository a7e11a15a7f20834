import { useQuery } from '@tanstack/react-query'
import { accountQueries } from '@/api/account'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { type Forecast, forecastPeriod } from '@/lib/forecast'
import { pluralize } from '@/lib/format'
import { formatDate, formatNumber, formatPercent, formatRate } from '@/lib/usage-format'
import { BurnUpChart } from './burn-up-chart'
import { SectionCard } from './section-card'

export function ForecastCard({ now }: { now: number }) {
  const { data: usage, error, refetch, isPending } = useQuery(accountQueries.usage())
  return (
    <SectionCard id="forecast-title" title="Forecast for this period">
      {isPending ? (
        <Skeleton className="h-60 w-full" />
      ) : error ? (
        <ErrorState title="Could not load the current period" error={error} onRetry={() => void refetch()} />
      ) : (
        <ForecastBody
          forecast={forecastPeriod({
            periodStart: usage.period_start,
            periodEnd: usage.period_end,
            now,
            usedMinutes: usage.actual_minutes_used,
            committedMinutes: usage.committed_minutes,
          })}
        />
      )}
    </SectionCard>
  )
}

function ForecastBody({ forecast }: { forecast: Forecast }) {
  return (
    <div className="space-y-4">
      {forecast.kind === 'insufficient-data' ? (
        <p className="text-sm">
          <span className="font-medium">Not enough data for a forecast yet.</span> {forecast.reason}
        </p>
      ) : (
        <ProjectionSummary forecast={forecast} />
      )}
      <BurnUpChart forecast={forecast} />
    </div>
  )
}

function ProjectionSummary({ forecast }: { forecast: Extract<Forecast, { kind: 'projection' }> }) {
  // One decimal: the pace is averaged over the exact time elapsed, not over whole days.
  const days = pluralize(Math.round(forecast.elapsedDays * 10) / 10, 'day')
  const over = forecast.projectedOverageMinutes > 0
  return (
    <div className="space-y-1">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Assumption: usage continues at its average pace over the {days} since the period started (
        {formatRate(forecast.minutesPerDay)} minutes a day). Only the total so far is known, not the usage of each day.
      </p>
      <p className="text-lg">
        Projected at period end:{' '}
        <span className="font-semibold">{formatNumber(forecast.projectedMinutes)} minutes</span>
        {forecast.projectedPercent !== null && <> ({formatPercent(forecast.projectedPercent)} of commitment)</>}
      </p>
      <p className={over ? 'font-medium text-red-700 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-300'}>
        {forecast.alreadyOver
          ? `Already over the commitment; about ${formatNumber(forecast.projectedOverageMinutes)} minutes of overage by period end.`
          : over
            ? `Expect about ${formatNumber(forecast.projectedOverageMinutes)} minutes of overage${
                forecast.crossesCommitmentAtMs
                  ? `, with the commitment used up around ${formatDate(forecast.crossesCommitmentAtMs)}`
                  : ''
              }.`
            : 'No overage expected at this pace.'}
      </p>
    </div>
  )
}
