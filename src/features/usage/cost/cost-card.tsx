import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { accountQueries } from '@/api/account'
import { type RateUnit, rateUnitLabel } from '@/api/contract/rate-unit-schemas'
import { rateUnitQueries } from '@/api/rate-unit'
import { can, sessionQueries } from '@/api/session'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { formatNumber } from '@/lib/format'
import { formatDateInZone } from '@/lib/usage-format'
import { useCurrentPeriodDays } from '../current-period-days'
import { paceOfPeriod } from '../pacing/pacing'
import { Fact, Facts, SectionCard } from '../section-card'
import { type CompleteUsage, completeUsage, missingFigures } from '../usage-given'
import { CostBreakdowns } from './cost-breakdowns'
import { formatMoney, formatRate } from './money'
import { periodMoney } from './period-money'
import { RateUnitForm } from './rate-unit-form'

/**
 * The current period in money (issue 53, item 2), once an admin has said what the service's rate counts; until
 * then, what to set and who can. Admins set it here, in place.
 */
export function CostCard({ now, timeZone }: { now: number; timeZone: string }) {
  const maySet = can(useQuery(sessionQueries.current()).data, 'usage:set-rate-unit')
  // The account and the period have their own cards, with their own Retry: this section, mounted later (lazily),
  // must not fetch a failed read again under them.
  const account = useQuery({ ...accountQueries.detail(), retryOnMount: false })
  const unit = useQuery(rateUnitQueries.current())
  const [changing, setChanging] = useState(false)
  const stated = unit.data?.rateUnit ?? null
  const rate = account.data?.tier?.rate_per_minute_dc ?? null
  const change =
    maySet && stated && !changing ? (
      <Button size="sm" variant="secondary" onClick={() => setChanging(true)}>
        Change what the rate counts
      </Button>
    ) : null
  return (
    <SectionCard id="cost-title" title="Cost" action={change}>
      {account.isPending || unit.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : unit.isError ? (
        <ErrorState
          title="Could not load what the rate counts"
          error={unit.error}
          onRetry={() => void unit.refetch()}
        />
      ) : account.isError ? (
        <ErrorState title="Could not load the account" error={account.error} onRetry={() => void account.refetch()} />
      ) : changing || !stated ? (
        <div className="space-y-3">
          <UnsetNotice stated={stated} rate={rate} maySet={maySet} />
          {maySet && (
            <RateUnitForm current={stated} rate={rate} onDone={stated ? () => setChanging(false) : undefined} />
          )}
        </div>
      ) : rate === null ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The service gave no rate per minute for this account, so no cost can be shown. {statedText(stated, timeZone)}
        </p>
      ) : (
        <PeriodCost now={now} timeZone={timeZone} rate={rate} unit={stated} />
      )}
    </SectionCard>
  )
}

function UnsetNotice({ stated, rate, maySet }: { stated: RateUnit | null; rate: number | null; maySet: boolean }) {
  if (stated) return null
  const rateWords = rate === null ? 'the service’s rate per minute' : `the service’s rate per minute (${rate})`
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      Costs in money need one setting: what {rateWords} counts, and in which currency. The service does not say.{' '}
      {maySet
        ? 'Set it below, once, for everyone.'
        : 'An admin sets what the rate counts in the Cost section of this page; ask one to.'}
    </p>
  )
}

const statedText = (stated: RateUnit, timeZone: string) =>
  `The rate counts ${rateUnitLabel(stated.divisor).toLowerCase()}, ${stated.currency} (set by ${stated.setBy} on ${formatDateInZone(stated.setAt, timeZone)}).`

function PeriodCost({ now, timeZone, rate, unit }: { now: number; timeZone: string; rate: number; unit: RateUnit }) {
  const usage = useQuery({ ...accountQueries.usage(), retryOnMount: false })
  if (usage.isPending) return <Skeleton className="h-32 w-full" />
  if (usage.isError)
    return (
      <ErrorState title="Could not load the current period" error={usage.error} onRetry={() => void usage.refetch()} />
    )
  const complete = completeUsage(usage.data)
  if (!complete)
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        No cost: the service did not give {missingFigures(usage.data).join(', ')} for this period.
      </p>
    )
  return <PeriodCostFigures usage={complete} now={now} timeZone={timeZone} rate={rate} unit={unit} />
}

function PeriodCostFigures({
  usage,
  now,
  timeZone,
  rate,
  unit,
}: {
  usage: CompleteUsage
  now: number
  timeZone: string
  rate: number
  unit: RateUnit
}) {
  // The pacing card's own read and projection: the cost projected is the minutes projected, in money.
  const { days, unreadable } = useCurrentPeriodDays(usage, timeZone)
  const pace = days.data ? paceOfPeriod(usage, days.data, now) : null
  const money = periodMoney(
    { usedMinutes: usage.actual_minutes_used, committedMinutes: usage.committed_minutes, pace },
    rate,
    unit,
  )
  const perMinute = formatRate(rate, unit)
  return (
    <div className="space-y-5">
      <Facts>
        <Fact label="Cost so far this period">
          <span className="text-lg font-semibold tabular-nums">{formatMoney(money.soFar, unit.currency)}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {formatNumber(usage.actual_minutes_used)} minutes × {perMinute}
          </span>
        </Fact>
        <Fact label="Projected at period end">
          {money.projected !== null && money.projectedMinutes !== null ? (
            <>
              <span className="text-lg font-semibold tabular-nums">
                about {formatMoney(money.projected, unit.currency)}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {formatNumber(money.projectedMinutes)} minutes at the pace of the Pacing card
              </span>
            </>
          ) : (
            <span className="text-slate-700 dark:text-slate-300">
              {unreadable ??
                (days.isError
                  ? 'Not projected: the minutes per day could not be read.'
                  : pace?.kind === 'too-early'
                    ? pace.reason
                    : 'Projecting…')}
            </span>
          )}
        </Fact>
        <Fact label="Committed minutes’ value">
          <span className="text-lg font-semibold tabular-nums">{formatMoney(money.committedValue, unit.currency)}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {formatNumber(usage.committed_minutes)} minutes × {perMinute}
          </span>
        </Fact>
      </Facts>
      <CostBreakdowns
        period={{ from: usage.period_start, to: usage.period_end, tz: timeZone }}
        rate={rate}
        unit={unit}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {perMinute} a minute: the service&rsquo;s rate of {rate}, in {rateUnitLabel(unit.divisor).toLowerCase()},{' '}
        {unit.currency}, as set by {unit.setBy} on {formatDateInZone(unit.setAt, timeZone)}. Costs by person, caller ID
        and outcome are the call index&rsquo;s billed minutes at today&rsquo;s rate; calls still in flight add theirs
        when they end.
      </p>
    </div>
  )
}
