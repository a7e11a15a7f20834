import { useState } from 'react'
import { AccountCard } from './account-card'
import { CurrentPeriodCard } from './current-period-card'
import { ForecastCard } from './forecast-card'
import { HistorySection } from './history-section'

export function UsagePage() {
  // One clock for the page, so days left and the forecast agree with each other.
  const [now] = useState(() => Date.now())
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Usage</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Minutes used against the minutes committed, period by period.
        </p>
      </div>
      <AccountCard />
      <div className="grid gap-6 xl:grid-cols-2">
        <CurrentPeriodCard now={now} />
        <ForecastCard now={now} />
      </div>
      <HistorySection />
    </div>
  )
}
