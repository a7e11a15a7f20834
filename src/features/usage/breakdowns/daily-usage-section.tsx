import { useQuery } from '@tanstack/react-query'
import type { UsageDaysResponse, UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { usageBreakdownQueries } from '@/api/usage-breakdowns'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { zoneLabel } from '@/lib/time-zone'
import { SectionCard } from '../section-card'
import { dayRows } from './figures'
import { FiguresChart } from './figures-chart'
import { FiguresTable } from './figures-table'
import { indexDifference } from './index-difference'

/** Billed minutes of each day of the period, from the call index, against the service's own total. */
export function DailyUsageSection({
  period,
  serviceMinutes,
}: {
  period: UsagePeriodQuery
  serviceMinutes: number | null
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
        <DailyFigures data={days.data} serviceMinutes={serviceMinutes} />
      )}
    </SectionCard>
  )
}

function DailyFigures({ data, serviceMinutes }: { data: UsageDaysResponse; serviceMinutes: number | null }) {
  const difference = indexDifference(data.totals.minutes, serviceMinutes, data.coverage)
  const rows = dayRows(data.days)
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
        <>
          <FiguresChart
            rows={rows}
            testId="usage-days-chart"
            caption={`Billed minutes of each day, days in ${zone}. The same numbers are in the table below.`}
          />
          <FiguresTable
            rows={rows}
            totals={data.totals}
            caption={`Minutes, calls, answer rate and average duration of each day, in ${zone}`}
            rowHeader={`Date (${zone})`}
          />
        </>
      )}
    </div>
  )
}
