import { describe, expect, it } from 'vitest'
import { MIN_PACE_DAYS, periodPace } from './period-pace'

const DAY = 86_400_000
const start = Date.UTC(2026, 10, 1)
const end = Date.UTC(2026, 11, 1)
const daysOf = (minutes: number[], count = minutes.length) =>
  Array.from({ length: count }, (_, i) => ({
    fromMs: start + i * DAY,
    toMs: start + (i + 1) * DAY,
    minutes: minutes[i] ?? 0,
  }))

describe('periodPace', () => {
  it('says it is too early with fewer than three whole days', () => {
    const pace = periodPace({
      days: daysOf([10, 10, 5]),
      periodStartMs: start,
      periodEndMs: end,
      nowMs: start + 2.5 * DAY,
      usedMinutes: 25,
      committedMinutes: 100,
    })
    expect(pace).toMatchObject({ kind: 'too-early', wholeDays: 2 })
    expect(MIN_PACE_DAYS).toBe(3)
  })

  it('projects at the pace of the last seven whole days, not the period average', () => {
    // 10 days: three slow ones, then seven at 20 a day; now is the start of day 11.
    const minutes = [0, 0, 0, 20, 20, 20, 20, 20, 20, 20]
    const now = start + 10 * DAY
    const pace = periodPace({
      days: daysOf(minutes),
      periodStartMs: start,
      periodEndMs: end,
      nowMs: now,
      usedMinutes: 140,
      committedMinutes: 500,
    })
    if (pace.kind !== 'projection') throw new Error('expected a projection')
    expect(pace.windowDays).toBe(7)
    expect(pace.minutesPerDay).toBe(20)
    expect(pace.projectedMinutes).toBe(140 + 20 * 20)
    // 360 left at 20 a day: 18 days after now.
    expect(pace.crossesAtMs).toBe(now + 18 * DAY)
    expect(pace.unusedMinutes).toBe(0)
  })

  it('names the committed minutes left unused when the pace falls short', () => {
    const pace = periodPace({
      days: daysOf([10, 10, 10, 10]),
      periodStartMs: start,
      periodEndMs: end,
      nowMs: start + 4 * DAY,
      usedMinutes: 40,
      committedMinutes: 1000,
    })
    if (pace.kind !== 'projection') throw new Error('expected a projection')
    expect(pace.crossesAtMs).toBeNull()
    expect(pace.unusedMinutes).toBe(1000 - (40 + 10 * 26))
  })

  it('does not cross again once over, and ignores today’s partial day', () => {
    const days = [...daysOf([50, 50, 50]), { fromMs: start + 3 * DAY, toMs: start + 4 * DAY, minutes: 1 }]
    const pace = periodPace({
      days,
      periodStartMs: start,
      periodEndMs: end,
      nowMs: start + 3.5 * DAY,
      usedMinutes: 151,
      committedMinutes: 100,
    })
    if (pace.kind !== 'projection') throw new Error('expected a projection')
    expect(pace.windowDays).toBe(3)
    expect(pace.alreadyOver).toBe(true)
    expect(pace.crossesAtMs).toBeNull()
  })
})
