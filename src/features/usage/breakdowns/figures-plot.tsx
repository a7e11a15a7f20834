import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { chartColor } from '@/components/ui/chart'
import { formatNumber } from '@/lib/format'
import { ChartTooltip } from '../chart-tooltip'
import type { FigureRow } from './figures'

const axisTick = { fill: chartColor('axis'), fontSize: 12 }

/** A row as its bar says it: the words and the colour come from the chart (figures-chart.tsx). */
export interface FigureBar extends FigureRow {
  title: string
  other: boolean
}

interface BarShapeProps {
  x?: number
  y?: number
  width?: number
  height?: number
  payload?: FigureBar
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
      fill={chartColor(payload.other ? 'committed' : 'actual')}
      data-label={payload.label}
      data-minutes={payload.minutes}
    >
      <title>{payload.title}</title>
    </rect>
  )
}

/** The figures chart's drawing (figures-chart.tsx). */
export function FiguresPlot({ rows, lying }: { rows: readonly FigureBar[]; lying: boolean }) {
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
  )
}
