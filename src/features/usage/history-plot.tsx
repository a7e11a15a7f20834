import { Bar, CartesianGrid, Cell, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { chartColor } from '@/components/ui/chart'
import { formatNumber } from '@/lib/format'
import { ChartTooltip } from './chart-tooltip'
import { inProgressFill } from './history-legend'
import type { HistoryRow } from './history-rows'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }
const barColor = (row: HistoryRow) => chartColor(row.overBy > 0 ? 'over' : 'actual')

/**
 * The history chart's drawing (history-chart.tsx): the periods oldest first. Its tooltip's words come from the
 * chart, which formats them with what the page has loaded already.
 */
export function HistoryPlot({
  data,
  tooltipTitle,
  tooltipNote,
}: {
  data: readonly HistoryRow[]
  tooltipTitle: (row: HistoryRow) => string
  tooltipNote: (row: HistoryRow) => string
}) {
  const byStart = new Map(data.map((row) => [row.period_start, row]))
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={[...data]} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
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
        <YAxis tickFormatter={(v: number) => formatNumber(v)} tick={axisTick} stroke={chartColor('axis')} width={64} />
        <Tooltip
          cursor={{ fill: chartColor('grid') }}
          isAnimationActive={false}
          content={
            <ChartTooltip
              labelFormatter={(_, payload) => {
                const row = payload[0]?.payload as HistoryRow | undefined
                return row ? tooltipTitle(row) : ''
              }}
              footer={(payload) => {
                const row = payload[0]?.payload as HistoryRow | undefined
                if (!row) return null
                return <p className="mt-1">{tooltipNote(row)}</p>
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
