import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartFrame, chartColor } from '@/components/ui/chart'
import { formatNumber } from '@/lib/format'
import { ChartTooltip } from '../chart-tooltip'
import { barText, type FigureRow, OTHER_KEY } from './figures'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }

interface BarShapeProps {
  x?: number
  y?: number
  width?: number
  height?: number
  payload?: FigureRow
}

/**
 * A bar that says its label and minutes (a title and data attributes), so a screen reader
 * and a test read the chart's numbers and can hold them against the table's.
 */
function LabelledBar({ x = 0, y = 0, width = 0, height = 0, payload }: BarShapeProps) {
  if (!payload) return null
  // An SVG title names the shape for screen readers (and shows on hover); the data attributes are for tests.
  return (
    <rect
      x={x}
      y={y}
      width={Math.max(0, width)}
      height={Math.max(0, height)}
      fill={chartColor(payload.key === OTHER_KEY ? 'committed' : 'actual')}
      data-label={payload.label}
      data-minutes={payload.minutes}
    >
      <title>{barText(payload)}</title>
    </rect>
  )
}

/**
 * Minutes per row as bars: upright for a series in order (days, hours), lying down for named
 * values (people, caller IDs), whose labels need the width.
 */
export function FiguresChart({
  rows,
  caption,
  testId,
  lying = false,
}: {
  rows: readonly FigureRow[]
  caption: string
  testId: string
  lying?: boolean
}) {
  const height = lying ? Math.max(160, rows.length * 28 + 40) : 240
  const valueAxis = {
    type: 'number' as const,
    tickFormatter: (v: number) => formatNumber(v),
    tick: axisTick,
    stroke: chartColor('axis'),
    allowDecimals: false,
  }
  const labelAxis = {
    type: 'category' as const,
    dataKey: 'label',
    tick: axisTick,
    stroke: chartColor('axis'),
    interval: lying ? 0 : ('preserveStartEnd' as const),
  }
  return (
    <ChartFrame data-testid={testId} caption={caption} height={height}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={[...rows]}
          layout={lying ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke={chartColor('grid')} horizontal={!lying} vertical={lying} />
          {lying ? (
            <>
              <XAxis {...valueAxis} />
              <YAxis {...labelAxis} width={180} />
            </>
          ) : (
            <>
              <XAxis {...labelAxis} minTickGap={8} />
              <YAxis {...valueAxis} width={56} />
            </>
          )}
          <Tooltip
            cursor={{ fill: chartColor('grid') }}
            isAnimationActive={false}
            content={<ChartTooltip labelFormatter={(label) => String(label)} />}
          />
          <Bar
            dataKey="minutes"
            name="Minutes"
            fill={chartColor('actual')}
            isAnimationActive={false}
            maxBarSize={lying ? 20 : 32}
            shape={(props: unknown) => <LabelledBar {...(props as BarShapeProps)} />}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  )
}
