import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartFrame, ChartLegend, chartColor } from '@/components/ui/chart'
import { burnUpSeries, type Forecast } from '@/lib/forecast'
import { formatDate, formatNumber } from '@/lib/usage-format'
import { ChartTooltip } from './chart-tooltip'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }

/** Cumulative minutes through the period: the even pace of the commitment, what was used, where it is heading. */
export function BurnUpChart({ forecast }: { forecast: Forecast }) {
  const data = burnUpSeries(forecast)
  const over = forecast.kind === 'projection' && forecast.projectedOverageMinutes > 0
  const projectionColor = over ? 'over' : 'projection'
  return (
    <ChartFrame
      caption="Burn-up: cumulative minutes from the start of the period to its end."
      height={240}
      legend={
        <ChartLegend
          items={[
            { label: 'Committed pace', color: 'committed', shape: 'dash' },
            { label: 'Used to date', color: 'actual', shape: 'line' },
            ...(forecast.kind === 'projection'
              ? [{ label: 'Projection', color: projectionColor, shape: 'dash' } as const]
              : []),
          ]}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={chartColor('grid')} vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={[forecast.periodStartMs, forecast.periodEndMs]}
            ticks={data.map((point) => point.time)}
            tickFormatter={(time: number) => formatDate(time)}
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
            content={<ChartTooltip labelFormatter={(time) => formatDate(Number(time))} />}
            isAnimationActive={false}
          />
          <ReferenceLine x={forecast.nowMs} stroke={chartColor('axis')} strokeDasharray="2 4" />
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
            dataKey="actual"
            name="Used to date"
            stroke={chartColor('actual')}
            strokeWidth={3}
            connectNulls={false}
            isAnimationActive={false}
          />
          {forecast.kind === 'projection' && (
            <Line
              dataKey="projection"
              name="Projection"
              stroke={chartColor(projectionColor)}
              strokeDasharray="2 4"
              strokeWidth={3}
              connectNulls={false}
              isAnimationActive={false}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  )
}
