// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CallerIdHealth, HealthWindow } from '@/api/contract/usage-breakdown-schemas'
import { Table, TableBody, TableRow } from '@/components/ui/table'
import { HealthCells, type HealthState } from './health-cells'

afterEach(cleanup)

const window = (ended: number, completed: number, short = 0): HealthWindow => ({
  ended,
  completed,
  answerRate: ended === 0 ? null : completed / ended,
  shortCallRate: completed === 0 ? null : short / completed,
  from: '2026-11-01T10:00:00.000Z',
  to: '2026-11-20T10:00:00.000Z',
})

const flagged: CallerIdHealth = {
  caller_id: '+13125550177',
  recent: window(50, 10, 4),
  previous: window(50, 30),
  period: window(67, 13),
  callsPerDay: 3.06,
  flag: {
    kind: 'answered-less',
    reason: 'Answered 20% of its last 50 ended calls, against 60% of the 50 before and 61% across the account.',
  },
}

function row(state: HealthState, period = true) {
  render(
    <Table>
      <TableBody>
        <TableRow>
          <HealthCells state={state} period={period} />
        </TableRow>
      </TableBody>
    </Table>,
  )
  return screen.getAllByRole('cell').map((cell) => cell.textContent)
}

describe('HealthCells', () => {
  it('shows the flag with its reason, then the numbers, in words as well as arrows', () => {
    const cells = row({ status: 'ready', health: flagged })
    expect(cells).toEqual([
      `Answered less than usual${flagged.flag?.reason}`,
      '20% of 50',
      '▼Down 40 points from 60% of the 50 before',
      '19% of 67',
      '40% (4 of 10)',
      '3.1',
    ])
    // The arrow is for the eye: a screen reader reads the words.
    const trend = screen.getAllByRole('cell')[2]
    expect(within(trend as HTMLElement).getByText('▼')).toHaveProperty('ariaHidden', 'true')
  })

  it('says why there are no numbers, with as many cells as the header has', () => {
    expect(row({ status: 'loading' }, false)).toEqual(['Loading…', '—', '—', '—', '—'])
    cleanup()
    expect(row({ status: 'error' })).toEqual(['Not available', '—', '—', '—', '—', '—'])
    cleanup()
    expect(row({ status: 'ready' })[0]).toBe('No ended calls yet')
    cleanup()
    expect(row({ status: 'ready', health: { ...flagged, recent: window(12, 9), flag: null } })[0]).toBe(
      'Too few calls to judge',
    )
  })
})
