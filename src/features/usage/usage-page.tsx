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

/** The period first (what is left, how fast it goes, where it ends), then how it got here, then the contract. */
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
          Minutes used against the minutes committed, period by period. Dates in {zoneLabel(timeZone)}.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CurrentPeriodCard now={now} timeZone={timeZone} />
        <PacingCard now={now} timeZone={timeZone} />
      </div>
      <LazyCostCard now={now} timeZone={timeZone} />
      <PeriodBreakdowns timeZone={timeZone} sections={sections} />
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
