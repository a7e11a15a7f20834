import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useTimeZone } from '@/api/preferences'
import { can, sessionQueries } from '@/api/session'
import { zoneLabel } from '@/lib/time-zone'
import { AccountCard } from './account-card'
import { LazyCostCard } from './cost/lazy-cost'
import { CurrentPeriodCard } from './current-period-card'
import { HistorySection } from './history-section'
import { PacingCard } from './pacing/pacing-card'
import { PeriodBreakdowns, type PeriodSections } from './period-breakdowns'

// Only those who may subscribe load it, and only once the page is up.
const ReportSubscriptionsSection = lazy(() =>
  import('./reports/report-subscriptions-section').then((module) => ({ default: module.ReportSubscriptionsSection })),
)

/**
 * The period first (what is left, how fast it goes, where it ends), then who and what drove it, then how it got
 * here, then the contract. Cards and charts pair up from 1280 px; one column below.
 */
export function UsagePage({ sections }: { sections?: PeriodSections } = {}) {
  // One clock for the page, so days left and the forecast agree with each other.
  const [now] = useState(() => Date.now())
  const timeZone = useTimeZone()
  const subscribes = can(useQuery(sessionQueries.current()).data, 'reports:subscribe')
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Usage</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Minutes used against the minutes committed, period by period. Dates in {zoneLabel(timeZone)}; hover a period
          to read it in UTC.
        </p>
      </div>
      {/* Side by side from xl (1280 px); a further card of the period (cost) joins this grid. */}
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <CurrentPeriodCard now={now} timeZone={timeZone} />
        <PacingCard now={now} timeZone={timeZone} />
      </div>
      <LazyCostCard now={now} timeZone={timeZone} />
      <PeriodBreakdowns timeZone={timeZone} now={now} sections={sections} />
      <HistorySection timeZone={timeZone} />
      <AccountCard timeZone={timeZone} />
      {subscribes && (
        <Suspense fallback={null}>
          <ReportSubscriptionsSection timeZone={timeZone} />
        </Suspense>
      )}
    </div>
  )
}
