import { Badge, type BadgeTone } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import { type Forecast, type OutlookTone, projectionOutlook } from '@/lib/forecast'
import { formatNumber } from '@/lib/format'
import { formatPercent } from '@/lib/usage-format'

// Both ways of missing the commitment cost money, so neither is green: overage is red,
// unused paid minutes amber; green only when the projection lands near the commitment.
const LOOK: Record<OutlookTone, { badge: string; tone: BadgeTone; box: string }> = {
  overage: {
    badge: 'Overage risk',
    tone: 'danger',
    box: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-50',
  },
  unused: {
    badge: 'Unused minutes risk',
    tone: 'warning',
    box: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50',
  },
  'on-track': {
    badge: 'On track',
    tone: 'success',
    box: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-50',
  },
  'no-commitment': {
    badge: 'No commitment',
    tone: 'neutral',
    box: 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/40',
  },
}

/** Where the period is heading, and what that costs: crossing the commitment, or leaving paid minutes unused. */
export function ProjectionCallout({ forecast, timeZone }: { forecast: Forecast; timeZone: string }) {
  if (forecast.kind === 'insufficient-data') {
    return (
      <section aria-labelledby="projection-title" className={cn('rounded-md border p-3', LOOK['no-commitment'].box)}>
        <h3 id="projection-title" className="text-sm font-semibold">
          Projection
        </h3>
        <p className="mt-1 text-sm">
          <span className="font-medium">Not enough data for a forecast yet.</span> {forecast.reason}
        </p>
      </section>
    )
  }
  const outlook = projectionOutlook(forecast, timeZone)
  const look = LOOK[outlook.tone]
  return (
    <section
      aria-labelledby="projection-title"
      data-tone={outlook.tone}
      className={cn('space-y-1.5 rounded-md border p-3 text-sm', look.box)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="projection-title" className="font-semibold">
          Projection
        </h3>
        <Badge tone={look.tone}>{look.badge}</Badge>
      </div>
      <p>
        At the average pace so far: about{' '}
        <span className="font-semibold">{formatNumber(forecast.projectedMinutes)} minutes</span> by period end
        {forecast.projectedPercent !== null && <>, {formatPercent(forecast.projectedPercent)} of the commitment</>}.
      </p>
      <p className="text-base font-semibold">{outlook.headline}</p>
      <p>{outlook.otherRisk}</p>
      {outlook.advice && <p>{outlook.advice}</p>}
    </section>
  )
}
