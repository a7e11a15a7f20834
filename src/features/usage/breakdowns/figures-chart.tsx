import { lazy } from 'react'
import { ChartFrame } from '@/components/ui/chart'
import { barText, type FigureRow, OTHER_KEY } from './figures'

// recharts loads with the first chart drawn, after the page's first render (history-chart.tsx).
const FiguresPlot = lazy(() => import('../plots').then((module) => ({ default: module.FiguresPlot })))

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
  return (
    <ChartFrame data-testid={testId} caption={caption} height={height}>
      <FiguresPlot
        rows={rows.map((row) => ({ ...row, title: barText(row), other: row.key === OTHER_KEY }))}
        lying={lying}
      />
    </ChartFrame>
  )
}
