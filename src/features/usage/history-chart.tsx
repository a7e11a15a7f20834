import { Bar, CartesianGrid, Cell, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartFrame, ChartLegend, chartColor } from '@/components/ui/chart'
import { formatNumber, formatPercent, formatPeriod } from '@/lib/usage-format'
import { ChartTooltip } from './chart-tooltip'
import type { HistoryRow } from './history-rows'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }

/** Minutes used per period as bars, the commitment as a line; bars over it turn red. Oldest on the left. */
export function HistoryChart({ rows }: { rows: readonly HistoryRow[] }) {
  const data = [...rows].reverse()
  return (
    <ChartFrame
      data-testid="usage-history-chart"
      caption={`Minutes used in each of the ${rows.length} periods shown, against the minutes committed. The table below has the same numbers.`}
      legend={
        <ChartLegend
          items={[
            { label: 'Used', color: 'actual', shape: 'box' },
            { label: 'Used, over commitment', color: 'over', shape: 'box' },
            { label: 'Committed', color: 'committed', shape: 'line' },
          ]}
        />
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={chartColor('grid')} vertical={false} />
          <XAxis dataKey="label" tick={axisTick} stroke={chartColor('axis')} interval="preserveStartEnd" />
          <YAxis
            tickFormatter={(v: number) => formatNumber(v)}
            tick={axisTick}
            stroke={chartColor('axis')}
            width={64}
          />
          <Tooltip
            cursor={{ fill: chartColor('grid') }}
            isAnimationActive={false}
            content={
              <ChartTooltip
                labelFormatter={(_, payload) => {
                  const row = payload[0]?.payload as HistoryRow | undefined
                  return row ? formatPeriod(row.period_start, row.period_end) : ''
                }}
                footer={(payload) => {
                  const row = payload[0]?.payload as HistoryRow | undefined
                  if (!row) return null
                  return (
                    <p className="mt-1">
                      {row.percent === null ? 'No commitment' : `${formatPercent(row.percent)} of commitment`}
                      {row.overBy > 0 && `, ${formatNumber(row.overBy)} min over`}
                    </p>
                  )
                }}
              />
            }
          />
          <Bar
            dataKey="actual_minutes_used"
            name="Used"
            fill={chartColor('actual')}
            isAnimationActive={false}
            maxBarSize={48}
          >
            {data.map((row) => (
              <Cell key={row.period_start} fill={chartColor(row.overBy > 0 ? 'over' : 'actual')} />
            ))}
          </Bar>
          <Line
            dataKey="committed_minutes"
            name="Committed"
            type="linear"
            stroke={chartColor('committed')}
            strokeWidth={2}
            dot={{ r: 3, fill: chartColor('committed') }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  )
}
