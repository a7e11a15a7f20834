import { lazy } from 'react'
import { ChartFrame } from '@/components/ui/chart'
import { formatNumber } from '@/lib/format'
import { zoneLabel } from '@/lib/time-zone'
import { formatPercent, formatPeriod } from '@/lib/usage-format'
import { HistoryLegend } from './history-legend'
import type { HistoryRow } from './history-rows'

// recharts (about 117 KB gzip) loads with the first chart drawn, after the page's first render.
const HistoryPlot = lazy(() => import('./plots').then((module) => ({ default: module.HistoryPlot })))

/**
 * Minutes used per period as bars, the commitment as a line; bars over it turn red. Oldest
 * on the left. The current period is hatched and says "in progress", so its total so far
 * does not read as a drop.
 */
export function HistoryChart({ rows, timeZone }: { rows: readonly HistoryRow[]; timeZone: string }) {
  const data = [...rows].reverse()
  return (
    <ChartFrame
      data-testid="usage-history-chart"
      caption={`Minutes used in each of the ${rows.length} periods shown, against the minutes committed; months in ${zoneLabel(timeZone)}. The same numbers are listed below.`}
      legend={<HistoryLegend showInProgress={data.some((row) => row.inProgress)} />}
    >
      <HistoryPlot
        data={data}
        tooltipTitle={(row) => {
          const period = formatPeriod(row.period_start, row.period_end, timeZone)
          return row.inProgress ? `${period}, in progress` : period
        }}
        tooltipNote={(row) =>
          (row.percent === null ? 'No commitment' : `${formatPercent(row.percent)} of commitment`) +
          (row.inProgress ? ' so far' : '') +
          (row.overBy > 0 ? `, ${formatNumber(row.overBy)} min over` : '')
        }
      />
    </ChartFrame>
  )
}
