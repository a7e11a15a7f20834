import { describe, expect, it } from 'vitest'
import { formatAnswered, formatCallsPerDay, formatShare, formatShortCalls, healthTrend } from './caller-id-health-words'
import type { HealthWindow } from './contract/usage-breakdown-schemas'

const window = (ended: number, completed: number, short = 0): HealthWindow => ({
  ended,
  completed,
  answerRate: ended === 0 ? null : completed / ended,
  shortCallRate: completed === 0 ? null : short / completed,
  from: ended === 0 ? null : '2026-11-01T10:00:00.000Z',
  to: ended === 0 ? null : '2026-11-20T10:00:00.000Z',
})

describe('caller-ID health in words', () => {
  it('writes rates with the calls they are of, and a dash for nothing', () => {
    expect(formatShare(0.184)).toBe('18%')
    expect(formatShare(null)).toBe('—')
    expect(formatAnswered(window(50, 9))).toBe('18% of 50')
    expect(formatAnswered(window(0, 0))).toBe('No ended calls')
    expect(formatShortCalls(window(50, 9, 3))).toBe('33% (3 of 9)')
    expect(formatShortCalls(window(5, 0))).toBe('—')
    expect(formatCallsPerDay(2.345)).toBe('2.3')
    expect(formatCallsPerDay(null)).toBe('—')
  })

  it('says the trend in words and points, with the arrow only beside them', () => {
    expect(healthTrend(window(50, 9), window(50, 32))).toEqual({
      direction: 'down',
      arrow: '▼',
      words: 'Down 46 points from 64% of the 50 before',
    })
    expect(healthTrend(window(50, 33), window(50, 32)).words).toBe('Up 2 points from 64% of the 50 before')
    expect(healthTrend(window(50, 32), window(50, 32))).toMatchObject({ direction: 'level', arrow: '' })
  })

  it('claims no trend without enough calls on both sides', () => {
    expect(healthTrend(window(50, 9), window(0, 0))).toMatchObject({
      direction: null,
      words: 'No earlier calls to compare',
    })
    expect(healthTrend(window(50, 9), window(12, 10)).words).toBe('Too few calls to compare (50 and 12 before)')
    expect(healthTrend(window(19, 9), window(50, 10)).direction).toBeNull()
  })
})
