import { describe, expect, it } from 'vitest'
import type { UsageDay } from '@/api/contract/usage-breakdown-schemas'
import type { CompleteUsage } from '../usage-given'
import { projectionOutlook } from './outlook'
import { burnUpPoints, formatDayRange, paceAssumption, paceOfPeriod } from './pacing'

const DAY = 86_400_000
const start = Date.parse('2026-11-01T00:00:00Z')
const end = Date.parse('2026-12-01T00:00:00Z')
const usage = (used: number, committed: number): CompleteUsage => ({
  period_start: '2026-11-01T00:00:00Z',
  period_end: '2026-12-01T00:00:00Z',
  committed_minutes: committed,
  actual_minutes_used: used,
  remaining_minutes: Math.max(0, committed - used),
  overage_minutes: Math.max(0, used - committed),
  usage_percent: (used / committed) * 100,
})
/** 30 UTC days of November with the given minutes per day (0 after the list). */
const november = (minutes: number[]) => ({
  days: Array.from(
    { length: 30 },
    (_, i): UsageDay => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      from: new Date(start + i * DAY).toISOString(),
      to: new Date(start + (i + 1) * DAY).toISOString(),
      minutes: minutes[i] ?? 0,
      calls: 0,
      ended: 0,
      completed: 0,
      answerRate: null,
      averageDurationSeconds: null,
    }),
  ),
})

describe('pacing from the real daily series', () => {
  it('projects at the pace of the last 7 whole days and says so', () => {
    // 18 whole days: 100 a day, then 310 a day over the last 7 (12–18 Nov).
    const minutes = [...Array(11).fill(100), ...Array(7).fill(310)]
    const nowMs = start + 18 * DAY + 6 * 3_600_000
    const pace = paceOfPeriod(usage(3_270, 8_000), november(minutes), nowMs)
    if (pace.kind !== 'projection') throw new Error('expected a projection')
    expect(paceAssumption(pace, 'UTC')).toBe('At the pace of the last 7 days, 12–18 Nov: 310 minutes a day.')
    const outlook = projectionOutlook({ pace, usedMinutes: 3_270, committedMinutes: 8_000, daysLeft: 11.75 }, 'UTC')
    expect(outlook.tone).toBe('unused')
    expect(outlook.headline).toContain(`${pace.unusedMinutes.toLocaleString('en-US')} of the 8,000 minutes committed`)
  })

  it('names the day the commitment is crossed', () => {
    const pace = paceOfPeriod(usage(500, 1_000), november(Array(10).fill(50)), start + 10 * DAY)
    if (pace.kind !== 'projection') throw new Error('expected a projection')
    const outlook = projectionOutlook({ pace, usedMinutes: 500, committedMinutes: 1_000, daysLeft: 20 }, 'UTC')
    expect(outlook.headline).toBe(
      'Overage expected: the commitment is crossed around Nov 21, 2026 (UTC), about 500 minutes over by period end.',
    )
  })

  it('says it is too early with fewer than 3 whole days', () => {
    const pace = paceOfPeriod(usage(40, 1_000), november([20, 20]), start + 2.5 * DAY)
    expect(pace).toMatchObject({ kind: 'too-early', wholeDays: 2 })
  })

  it('draws the burn-up from each day so far, and projects from the service’s total now', () => {
    const nowMs = start + 3.5 * DAY
    const days = november([10, 20, 30, 5])
    const pace = paceOfPeriod(usage(70, 300), days, nowMs)
    const points = burnUpPoints(usage(70, 300), days, pace, nowMs)
    expect(points.map((point) => [point.time - start, point.used, point.projection])).toEqual([
      [0, 0, null],
      [DAY, 10, null],
      [2 * DAY, 30, null],
      [3 * DAY, 60, null],
      [3.5 * DAY, 65, 70],
      [end - start, null, 70 + 20 * 26.5],
    ])
  })

  it('writes a window across two months with both', () => {
    expect(formatDayRange(Date.parse('2026-10-28T00:00:00Z'), Date.parse('2026-11-04T00:00:00Z'), 'UTC')).toBe(
      '28 Oct – 3 Nov',
    )
  })
})
