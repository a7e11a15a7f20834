import { Bar, CartesianGrid, Cell, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartFrame, chartColor } from '@/components/ui/chart'
import { formatNumber } from '@/lib/format'
import { zoneLabel } from '@/lib/time-zone'
import { formatPercent, formatPeriod } from '@/lib/usage-format'
import { ChartTooltip } from './chart-tooltip'
import { HistoryLegend, inProgressFill } from './history-legend'
import type { HistoryRow } from './history-rows'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }
const barColor = (row: HistoryRow) => chartColor(row.overBy > 0 ? 'over' : 'actual')

/**
 * Minutes used per period as bars, the commitment as a line; bars over it turn red. Oldest
 * on the left. The current period is hatched and says "in progress", so its total so far
 * does not read as a drop.
 */
export function HistoryChart({ rows, timeZone }: { rows: readonly HistoryRow[]; timeZone: string }) {
  const data = [...rows].reverse()
  const byStart = new Map(data.map((row) => [row.period_start, row]))
  return (
    <ChartFrame
      data-testid="usage-history-chart"
      caption={`Minutes used in each of the ${rows.length} periods shown, against the minutes committed; months in ${zoneLabel(timeZone)}. The same numbers are listed below.`}
      legend={<HistoryLegend showInProgress={data.some((row) => row.inProgress)} />}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <defs>
            <HatchPattern color="actual" />
            <HatchPattern color="over" />
          </defs>
          <CartesianGrid stroke={chartColor('grid')} vertical={false} />
          <XAxis
            dataKey="period_start"
            // The formatter only sizes the ticks, so they are spaced by "Nov 2026", not by the key.
            tickFormatter={(start: string) => byStart.get(start)?.label ?? ''}
            tick={<PeriodTick byStart={byStart} />}
            height={40}
            stroke={chartColor('axis')}
            interval="preserveStartEnd"
            minTickGap={12}
          />
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
                  if (!row) return ''
                  const period = formatPeriod(row.period_start, row.period_end, timeZone)
                  return row.inProgress ? `${period}, in progress` : period
                }}
                footer={(payload) => {
                  const row = payload[0]?.payload as HistoryRow | undefined
                  if (!row) return null
                  return (
                    <p className="mt-1">
                      {row.percent === null ? 'No commitment' : `${formatPercent(row.percent)} of commitment`}
                      {row.inProgress && ' so far'}
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
              <Cell
                key={row.period_start}
                fill={row.inProgress ? inProgressFill(row.overBy > 0 ? 'over' : 'actual') : barColor(row)}
                stroke={row.inProgress ? barColor(row) : undefined}
                strokeWidth={row.inProgress ? 2 : undefined}
                strokeDasharray={row.inProgress ? '4 3' : undefined}
              />
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

function HatchPattern({ color }: { color: 'actual' | 'over' }) {
  return (
    <pattern
      id={`usage-hatch-${color}`}
      width="6"
      height="6"
      patternUnits="userSpaceOnUse"
      patternTransform="rotate(45)"
    >
      <rect width="6" height="6" fill={chartColor(color)} fillOpacity={0.15} />
      <line x1="0" y1="0" x2="0" y2="6" stroke={chartColor(color)} strokeWidth={3} />
    </pattern>
  )
}

interface TickProps {
  x?: number
  y?: number
  payload?: { value?: unknown }
  byStart: ReadonlyMap<string, HistoryRow>
}

/** "Nov 2026", and under the current period a second line: "in progress". */
function PeriodTick({ x = 0, y = 0, payload, byStart }: TickProps) {
  const row = byStart.get(String(payload?.value))
  if (!row) return null
  return (
    <text x={x} y={y} dy={14} textAnchor="middle" fill={chartColor('axis')} fontSize={12}>
      <tspan x={x}>{row.label}</tspan>
      {row.inProgress && (
        <tspan x={x} dy={14} fontStyle="italic">
          in progress
        </tspan>
      )}
    </text>
  )
}
