// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatPercent } from '@/lib/usage-format'
import { UsageMeter } from './usage-meter'

afterEach(cleanup)

describe('UsageMeter', () => {
  it.each([
    [400, 500, 80, 'warning'],
    [399, 500, 79.8, 'normal'],
    [500, 500, 100, 'over'],
    [600, 500, 120, 'over'],
  ])('%i of %i minutes (%d percent) reads as %s', (used, committed, percent, level) => {
    render(<UsageMeter used={used} committed={committed} percent={percent} />)
    const meter = screen.getByRole('progressbar', { name: 'Minutes used of committed' })
    expect(meter.dataset.level).toBe(level)
    expect(meter.getAttribute('aria-valuenow')).toBe(String(Math.min(100, percent)))
    expect(meter.getAttribute('aria-valuetext')).toBe(
      `${used} of ${committed} committed minutes used (${formatPercent(percent)})`,
    )
  })

  it('shows the share without false decimals, and one where it keeps 79.8% from reading as 80%', () => {
    render(<UsageMeter used={399} committed={500} percent={79.8} />)
    expect(screen.getByText('79.8%')).toBeTruthy()
    cleanup()
    render(<UsageMeter used={211} committed={500} percent={42.2} />)
    expect(screen.getByText('42%')).toBeTruthy()
  })

  it('says there is nothing to measure when nothing is committed', () => {
    render(<UsageMeter used={12} committed={0} percent={0} />)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByText(/No minutes are committed/)).toBeTruthy()
  })
})
