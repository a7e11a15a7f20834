// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import type { HistoryRow } from './history-rows'
import { HistoryPlot } from './plots'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const row = (month: number, minutes: number, inProgress = false): HistoryRow =>
  ({
    period_start: `2026-0${month}-01T00:00:00Z`,
    period_end: `2026-0${month + 1}-01T00:00:00Z`,
    actual_minutes_used: minutes,
    committed_minutes: 250,
    status: inProgress ? 'DIALER_ACTIVE' : 'CLOSED',
    label: `Month ${month}`,
    percent: minutes / 250,
    overBy: Math.max(0, minutes - 250),
    inProgress,
  }) as HistoryRow

// Recharts keeps the bars' <Cell>s and the axis' tick in its store; on Preact, a frozen one took the page down.
it('draws a bar per period and the ticks, with Recharts on Preact as the browser has it', () => {
  // jsdom lays out nothing: the chart's container says it is 600 by 300 as soon as it is watched.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly told: (entries: unknown[]) => void) {}
      observe() {
        this.told([{ contentRect: { width: 600, height: 300 } }])
      }
      unobserve() {}
      disconnect() {}
    },
  )
  const { container } = render(
    <HistoryPlot
      data={[row(1, 100), row(2, 300), row(3, 120, true)]}
      tooltipTitle={(period) => period.label}
      tooltipNote={() => ''}
    />,
  )
  expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3)
  const fills = [...container.querySelectorAll('.recharts-bar-rectangle path')].map((bar) => bar.getAttribute('fill'))
  // Each bar its own <Cell>: the period in progress hatched, the one over its commitment in the over colour.
  expect(fills).toEqual(['var(--chart-actual)', 'var(--chart-over)', 'url(#usage-hatch-actual)'])
  const ticks = [...container.querySelectorAll('.recharts-xAxis-tick-labels text')].map((tick) => tick.textContent)
  expect(ticks).toContain('Month 3in progress')
})
