import { useQuery } from '@tanstack/react-query'
import type { UsageDaysResponse, UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { usageBreakdownQueries } from '@/api/usage-breakdowns'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { zoneLabel } from '@/lib/time-zone'
import { SectionCard } from '../section-card'
import { foldDaysToCome } from './days-to-come'
import { dayRows } from './figures'
import { FiguresChart } from './figures-chart'
import { FiguresTable } from './figures-table'
import { indexDifference } from './index-difference'

/** Billed minutes of each day of the period, from the call index, against the service's own total. */
export function DailyUsageSection({
  period,
  serviceMinutes,
  now,
}: {
  period: UsagePeriodQuery
  serviceMinutes: number | null
  /** The page's clock: days that begin after it, still without calls, fold into one line. */
  now: number
}) {
  const days = useQuery(usageBreakdownQueries.days(period))
  return (
    <SectionCard id="daily-usage-title" title="Minutes per day">
      {days.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-60 w-full" />
        </div>
      ) : days.isError ? (
        <ErrorState title="Could not load the minutes per day" error={days.error} onRetry={() => void days.refetch()} />
      ) : (
        <DailyFigures data={days.data} serviceMinutes={serviceMinutes} now={now} />
      )}
    </SectionCard>
  )
}

function DailyFigures({
  data,
  serviceMinutes,
  now,
}: {
  data: UsageDaysResponse
  serviceMinutes: number | null
  now: number
}) {
  const difference = indexDifference(data.totals.minutes, serviceMinutes, data.coverage)
  // The chart keeps every day, so its width shows how much of the period is left; the table folds them.
  const rows = dayRows(data.days)
  const { shown, toCome } = foldDaysToCome(data.days, now)
  const zone = zoneLabel(data.timeZone)
  return (
    <div className="space-y-4">
      <p
        data-testid="index-difference"
        className={cn(
          'rounded-md border p-3 text-sm',
          difference.difference
            ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50'
            : 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/40',
        )}
      >
        {difference.text}
      </p>
      {data.totals.calls === 0 ? (
        <EmptyState title="No calls in this period">The call index holds no call created in this period.</EmptyState>
      ) : (
        <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
          <FiguresChart
            rows={rows}
            testId="usage-days-chart"
            caption={`Billed minutes of each day, days in ${zone}. The same numbers are in the table.`}
          />
          <FiguresTable
            rows={dayRows(shown)}
            folded={toCome?.text}
            totals={data.totals}
            caption={`Minutes, calls, answer rate and average duration of each day, in ${zone}`}
            rowHeader={`Date (${zone})`}
          />
        </div>
      )}
    </div>
  )
}
