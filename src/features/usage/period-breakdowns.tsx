import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { accountQueries } from '@/api/account'
import type { UsagePeriodQuery } from '@/api/contract/usage-breakdown-schemas'
import { distinctPeriods } from '@/api/usage-history-paging'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { zoneLabel } from '@/lib/time-zone'
import { resolvePeriod, unbrokenPeriodText } from './billing-period'
import { BreakdownSection } from './breakdowns/breakdown-section'
import { DailyUsageSection } from './breakdowns/daily-usage-section'
import { PeopleSection } from './breakdowns/people-section'
import { HISTORY_PAGE_SIZE } from './history-page-size'
import { PeriodPicker } from './period-picker'
import { PeriodRange } from './period-range'

const route = getRouteApi('/usage')

/**
 * Where a period's minutes went, from the console's call index: the period in the URL (`period`,
 * a past period's period_start; none for the current one), one breakdown and the work by person
 * (who drives the minutes, side by side from xl), then its days, whose table is the longest part.
 */
/** Sections of a period that another feature owns (the call scores), given by the route. */
export type PeriodSections = (period: UsagePeriodQuery) => ReactNode

export function PeriodBreakdowns({
  timeZone,
  now,
  sections,
}: {
  timeZone: string
  now: number
  sections?: PeriodSections
}) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const usage = useQuery(accountQueries.usage())
  const history = useInfiniteQuery(accountQueries.usageHistory(HISTORY_PAGE_SIZE))
  const past = distinctPeriods(history.data?.pages ?? [])
  const resolution = usage.data ? resolvePeriod(search.period, usage.data, past) : null
  const looking = resolution?.kind === 'not-found' && history.hasNextPage && !history.isFetchNextPageError
  // A linked past period may be older than the pages read so far: read on until it is found.
  useEffect(() => {
    if (looking && !history.isFetching) void history.fetchNextPage()
  }, [looking, history.isFetching, history.fetchNextPage])

  const current =
    usage.data?.period_start && usage.data.period_end
      ? { from: usage.data.period_start, to: usage.data.period_end }
      : null
  const heading = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold">Where the minutes went</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          From the console&rsquo;s call index. Periods, days, hours and weekdays in {zoneLabel(timeZone)}; hover a
          period to read it in UTC, as the service counts it.
        </p>
      </div>
      <PeriodPicker
        value={search.period}
        current={current}
        past={past}
        timeZone={timeZone}
        onChange={(period) => navigate({ search: (prev) => ({ ...prev, period }) })}
      />
    </div>
  )
  if (usage.isPending || (search.period && history.isPending) || looking)
    return (
      <section aria-label="Where the minutes went" className="space-y-4">
        {heading}
        <Skeleton className="h-72 w-full" />
      </section>
    )
  if (usage.isError || (search.period && history.isError && resolution?.kind !== 'resolved'))
    return (
      <section aria-label="Where the minutes went" className="space-y-4">
        {heading}
        <ErrorState
          title="Could not load the billing period"
          error={usage.error ?? history.error}
          onRetry={() => void (usage.isError ? usage.refetch() : history.refetch())}
        />
      </section>
    )
  return (
    <section aria-label="Where the minutes went" className="space-y-4">
      {heading}
      {resolution?.kind === 'resolved' ? (
        <ResolvedPeriod period={resolution.period} timeZone={timeZone} now={now} sections={sections} />
      ) : resolution?.kind === 'no-dates' || resolution?.kind === 'unreadable' ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{unbrokenPeriodText(resolution, timeZone)}</p>
      ) : (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {`No billing period starts at ${search.period}: choose one from the list.`}
        </p>
      )}
    </section>
  )
}

function ResolvedPeriod({
  period,
  timeZone,
  now,
  sections,
}: {
  period: { from: string; to: string; current: boolean; serviceMinutes: number | null }
  timeZone: string
  now: number
  sections?: PeriodSections
}) {
  const query = { from: period.from, to: period.to, tz: timeZone }
  return (
    <>
      <p className="text-sm">
        Period{' '}
        <span className="font-medium">
          <PeriodRange start={period.from} end={period.to} timeZone={timeZone} />
        </span>
        {period.current ? ' (current)' : ''}
      </p>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <BreakdownSection period={query} />
        <PeopleSection period={query} />
      </div>
      <DailyUsageSection period={query} serviceMinutes={period.serviceMinutes} now={now} />
      {sections?.(query)}
    </>
  )
}
