import { lazy } from 'react'
import type { Pace } from '@/api/contract/period-pace'
import { ChartFrame, ChartLegend } from '@/components/ui/chart'
import { zoneLabel } from '@/lib/time-zone'
import { formatDate } from '@/lib/usage-format'
import type { BurnUpPoint } from './pacing'

// recharts loads with the first chart drawn, after the page's first render (history-chart.tsx).
const BurnUpPlot = lazy(() => import('../plots').then((module) => ({ default: module.BurnUpPlot })))

/**
 * Cumulative minutes through the period: the even pace of the commitment, the minutes of each day
 * so far (measured, from the call index), and where the recent pace ends up.
 */
export function BurnUpChart({
  points,
  pace,
  nowMs,
  timeZone,
}: {
  points: readonly BurnUpPoint[]
  pace: Pace
  nowMs: number
  timeZone: string
}) {
  const projected = pace.kind === 'projection'
  const over = projected && (pace.alreadyOver || pace.crossesAtMs !== null)
  const projectionColor = over ? 'over' : 'projection'
  return (
    <ChartFrame
      data-testid="usage-burn-up-chart"
      caption={`Burn-up: cumulative billed minutes, day by day from the call index, against the committed pace${projected ? ', and the projection from the service’s total now' : ''}. Dates in ${zoneLabel(timeZone)}.`}
      height={240}
      legend={
        <ChartLegend
          items={[
            { label: 'Committed pace', color: 'committed', shape: 'dash' },
            { label: 'Used, day by day', color: 'actual', shape: 'line' },
            ...(projected ? [{ label: 'Projection', color: projectionColor, shape: 'dash' } as const] : []),
          ]}
        />
      }
    >
      <BurnUpPlot
        points={points}
        nowMs={nowMs}
        dateLabel={(time) => formatDate(time, timeZone)}
        projected={projected}
        projectionColor={projectionColor}
      />
    </ChartFrame>
  )
}
