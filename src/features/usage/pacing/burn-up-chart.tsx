import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Pace } from '@/api/contract/period-pace'
import { ChartFrame, ChartLegend, chartColor } from '@/components/ui/chart'
import { formatNumber } from '@/lib/format'
import { zoneLabel } from '@/lib/time-zone'
import { formatDate } from '@/lib/usage-format'
import { ChartTooltip } from '../chart-tooltip'
import type { BurnUpPoint } from './pacing'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }

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
  const first = points[0]?.time ?? nowMs
  const last = points.at(-1)?.time ?? nowMs
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
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={chartColor('grid')} vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={[first, last]}
            ticks={[first, nowMs, last]}
            tickFormatter={(time: number) => formatDate(time, timeZone)}
            tick={axisTick}
            stroke={chartColor('axis')}
          />
          <YAxis
            tickFormatter={(v: number) => formatNumber(v)}
            tick={axisTick}
            stroke={chartColor('axis')}
            width={64}
          />
          <Tooltip
            content={<ChartTooltip labelFormatter={(time) => formatDate(Number(time), timeZone)} />}
            isAnimationActive={false}
          />
          <ReferenceLine x={nowMs} stroke={chartColor('axis')} strokeDasharray="2 4" />
          <Line
            dataKey="committedPace"
            name="Committed pace"
            stroke={chartColor('committed')}
            strokeDasharray="6 4"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="used"
            name="Used, day by day"
            stroke={chartColor('actual')}
            strokeWidth={2}
            dot={{ r: 2, fill: chartColor('actual') }}
            connectNulls={false}
            isAnimationActive={false}
          />
          {projected && (
            <Line
              dataKey="projection"
              name="Projection"
              stroke={chartColor(projectionColor)}
              strokeDasharray="2 4"
              strokeWidth={3}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  )
}
