import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartFrame, ChartLegend, chartColor } from '@/components/ui/chart'
import { burnUpSeries, type Forecast } from '@/lib/forecast'
import { formatNumber } from '@/lib/format'
import { zoneLabel } from '@/lib/time-zone'
import { formatDate } from '@/lib/usage-format'
import { ChartTooltip } from './chart-tooltip'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }

/**
 * Cumulative minutes through the period: the even pace of the commitment, the
 * total used so far (one measured point), the average pace that led there and
 * where that pace ends up.
 */
export function BurnUpChart({ forecast, timeZone }: { forecast: Forecast; timeZone: string }) {
  const data = burnUpSeries(forecast)
  const projected = forecast.kind === 'projection'
  const over = projected && forecast.projectedOverageMinutes > 0
  const projectionColor = over ? 'over' : 'projection'
  return (
    <ChartFrame
      caption={`Burn-up: cumulative minutes from the start of the period to its end. The service reports only the total used so far, so the line up to it is the average pace, not a record of each day. Dates in ${zoneLabel(timeZone)}.`}
      height={240}
      legend={
        <ChartLegend
          items={[
            { label: 'Committed pace', color: 'committed', shape: 'dash' },
            { label: 'Used so far', color: 'actual', shape: 'dot' },
            ...(projected
              ? [
                  { label: 'Average pace so far', color: 'actual', shape: 'dash' } as const,
                  { label: 'Projection', color: projectionColor, shape: 'dash' } as const,
                ]
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
          {projected && (
            <Line
              dataKey="averagePace"
              name="Average pace so far"
              stroke={chartColor('actual')}
              strokeDasharray="4 3"
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              // Its one known value is the total at now, which "Used so far" already shows.
              tooltipType="none"
              isAnimationActive={false}
            />
          )}
          {projected && (
            <Line
              dataKey="projection"
              name="Projection"
              stroke={chartColor(projectionColor)}
              strokeDasharray="2 4"
              strokeWidth={3}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          )}
          <Line
            dataKey="usedSoFar"
            name="Used so far"
            stroke="none"
            dot={{ r: 5, fill: chartColor('actual'), stroke: chartColor('actual') }}
            activeDot={{ r: 6, fill: chartColor('actual') }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  )
}
