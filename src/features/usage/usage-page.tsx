import { useState } from 'react'
import { useTimeZone } from '@/api/preferences'
import { zoneLabel } from '@/lib/time-zone'
import { AccountCard } from './account-card'
import { CurrentPeriodCard } from './current-period-card'
import { HistorySection } from './history-section'
import { PacingCard } from './pacing/pacing-card'
import { PeriodBreakdowns } from './period-breakdowns'

/**
 * The period first (what is left, how fast it goes, where it ends), then who and what drove it, then how it got
 * here, then the contract. Cards and charts pair up from 1280 px; one column below.
 */
export function UsagePage() {
  // One clock for the page, so days left and the forecast agree with each other.
  const [now] = useState(() => Date.now())
  const timeZone = useTimeZone()
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
      <PeriodBreakdowns timeZone={timeZone} now={now} />
      <HistorySection timeZone={timeZone} />
      <AccountCard timeZone={timeZone} />
    </div>
  )
}
