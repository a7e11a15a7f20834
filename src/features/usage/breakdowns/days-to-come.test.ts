import { describe, expect, it } from 'vitest'
import type { UsageDay } from '@/api/contract/usage-breakdown-schemas'
import { foldDaysToCome } from './days-to-come'

const none = { minutes: 0, calls: 0, ended: 0, completed: 0, answerRate: null, averageDurationSeconds: null }
const some = { minutes: 12, calls: 3, ended: 3, completed: 2, answerRate: 0.67, averageDurationSeconds: 240 }

/** The UTC days of December 2026, with calls on the days listed. */
function december(withCalls: readonly number[] = []): UsageDay[] {
  return Array.from({ length: 31 }, (_, i) => {
    const day = String(i + 1).padStart(2, '0')
    const next = i === 30 ? '2027-01-01T00:00:00Z' : `2026-12-${String(i + 2).padStart(2, '0')}T00:00:00Z`
    return {
      ...(withCalls.includes(i + 1) ? some : none),
      date: `2026-12-${day}`,
      from: `2026-12-${day}T00:00:00Z`,
      to: next,
    }
  })
}

describe('foldDaysToCome', () => {
  it('folds the days after today into one line, today and the days before kept', () => {
    const now = Date.parse('2026-12-05T14:30:00Z')
    const { shown, toCome } = foldDaysToCome(december([1, 2, 5]), now)
    expect(shown.map((day) => day.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'])
    expect(toCome).toEqual({ count: 26, text: '26 days to come, Dec 6 – Dec 31' })
  })

  it('says one day in the singular, and folds nothing once the period is over', () => {
    expect(foldDaysToCome(december(), Date.parse('2026-12-30T23:59:00Z')).toCome).toEqual({
      count: 1,
      text: '1 day to come, Dec 31',
    })
    const over = foldDaysToCome(december([3]), Date.parse('2027-01-02T00:00:00Z'))
    expect(over.shown).toHaveLength(31)
    expect(over.toCome).toBeNull()
  })

  it('never folds a day with a call, nor the days before it', () => {
    const now = Date.parse('2026-12-05T14:30:00Z')
    const { shown, toCome } = foldDaysToCome(december([20]), now)
    expect(shown.at(-1)?.date).toBe('2026-12-20')
    expect(toCome?.text).toBe('11 days to come, Dec 21 – Dec 31')
  })

  it('folds a whole period that has not begun', () => {
    const { shown, toCome } = foldDaysToCome(december(), Date.parse('2026-11-20T00:00:00Z'))
    expect(shown).toEqual([])
    expect(toCome?.count).toBe(31)
  })
})
