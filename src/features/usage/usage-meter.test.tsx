// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { UsageMeter } from './usage-meter'

afterEach(cleanup)

describe('UsageMeter', () => {
  it.each([
    [400, 500, 80, 'warning'],
    [399, 500, 79.8, 'normal'],
    [600, 500, 120, 'over'],
  ])('%i of %i minutes (%d%%) reads as %s', (used, committed, percent, level) => {
    render(<UsageMeter used={used} committed={committed} percent={percent} />)
    const meter = screen.getByRole('progressbar', { name: 'Minutes used of committed' })
    expect(meter.dataset.level).toBe(level)
    expect(meter.getAttribute('aria-valuenow')).toBe(String(Math.min(100, percent)))
    expect(meter.getAttribute('aria-valuetext')).toContain(`${percent.toFixed(2)}%`)
  })

  it('says there is nothing to measure when nothing is committed', () => {
    render(<UsageMeter used={12} committed={0} percent={0} />)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByText(/No minutes are committed/)).toBeTruthy()
  })
})
