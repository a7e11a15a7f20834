import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { chartColor } from '@/components/ui/chart'
import { formatNumber } from '@/lib/format'
import { ChartTooltip } from '../chart-tooltip'
import type { BurnUpPoint } from './pacing'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }

/** The burn-up chart's drawing (burn-up-chart.tsx). */
export function BurnUpPlot({
  points,
  nowMs,
  dateLabel,
  projected,
  projectionColor,
}: {
  points: readonly BurnUpPoint[]
  nowMs: number
  /** A day as the page writes it, in the person's time zone. */
  dateLabel: (time: number) => string
  projected: boolean
  projectionColor: 'over' | 'projection'
}) {
  const first = points[0]?.time ?? nowMs
  const last = points.at(-1)?.time ?? nowMs
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={chartColor('grid')} vertical={false} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={[first, last]}
          ticks={[first, nowMs, last]}
          tickFormatter={dateLabel}
          tick={axisTick}
          stroke={chartColor('axis')}
        />
        <YAxis tickFormatter={(v: number) => formatNumber(v)} tick={axisTick} stroke={chartColor('axis')} width={64} />
        <Tooltip
          content={<ChartTooltip labelFormatter={(time) => dateLabel(Number(time))} />}
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
  )
}
