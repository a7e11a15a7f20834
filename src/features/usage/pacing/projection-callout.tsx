import type { Pace } from '@/api/contract/period-pace'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import { formatNumber } from '@/lib/format'
import { formatPercent, percentOfCommitment } from '@/lib/usage-format'
import type { CompleteUsage } from '../usage-given'
import { type OutlookTone, projectionOutlook } from './outlook'
import { daysLeftIn, paceAssumption } from './pacing'

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
export function ProjectionCallout({
  pace,
  usage,
  nowMs,
  timeZone,
}: {
  pace: Pace
  usage: CompleteUsage
  nowMs: number
  timeZone: string
}) {
  if (pace.kind === 'too-early') {
    return (
      <section aria-labelledby="projection-title" className={cn('rounded-md border p-3', LOOK['no-commitment'].box)}>
        <h3 id="projection-title" className="text-sm font-semibold">
          Projection
        </h3>
        <p className="mt-1 text-sm">{pace.reason}</p>
      </section>
    )
  }
  const outlook = projectionOutlook(
    {
      pace,
      usedMinutes: usage.actual_minutes_used,
      committedMinutes: usage.committed_minutes,
      daysLeft: daysLeftIn(usage.period_end, nowMs),
    },
    timeZone,
  )
  const look = LOOK[outlook.tone]
  const projected = Math.round(pace.projectedMinutes)
  const percent = percentOfCommitment(projected, usage.committed_minutes)
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
        {paceAssumption(pace, timeZone)} About <span className="font-semibold">{formatNumber(projected)} minutes</span>{' '}
        by period end{percent !== null && <>, {formatPercent(percent)} of the commitment</>}.
      </p>
      <p className="text-base font-semibold">{outlook.headline}</p>
      <p>{outlook.otherRisk}</p>
      {outlook.advice && <p>{outlook.advice}</p>}
    </section>
  )
}
