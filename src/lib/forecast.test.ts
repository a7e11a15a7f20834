import { describe, expect, it } from 'vitest'
import { burnUpSeries, forecastPeriod } from './forecast'

const period = { periodStart: '2026-11-01T00:00:00Z', periodEnd: '2026-12-01T00:00:00Z' }

describe('forecastPeriod', () => {
  it('projects the period end at the pace so far', () => {
    const f = forecastPeriod({ ...period, now: '2026-11-11T00:00:00Z', usedMinutes: 1_000, committedMinutes: 5_000 })
    expect(f.kind).toBe('projection')
    if (f.kind !== 'projection') return
    expect(f.elapsedDays).toBe(10)
    expect(f.minutesPerDay).toBe(100)
    expect(f.projectedMinutes).toBe(3_000)
    expect(f.projectedOverageMinutes).toBe(0)
    expect(f.projectedPercent).toBe(60)
    expect(f.alreadyOver).toBe(false)
    expect(f.crossesCommitmentAtMs).toBeNull()
  })

  it('implies an overage and the day the commitment is crossed', () => {
    const f = forecastPeriod({ ...period, now: '2026-11-16T00:00:00Z', usedMinutes: 3_000, committedMinutes: 5_000 })
    if (f.kind !== 'projection') throw new Error('expected a projection')
    expect(f.projectedMinutes).toBe(6_000)
    expect(f.projectedOverageMinutes).toBe(1_000)
    expect(f.projectedPercent).toBe(120)
    expect(new Date(f.crossesCommitmentAtMs ?? 0).toISOString()).toBe('2026-11-26T00:00:00.000Z')
  })

  it('says there is too little data early in the period', () => {
    const f = forecastPeriod({ ...period, now: '2026-11-01T12:00:00Z', usedMinutes: 200, committedMinutes: 5_000 })
    expect(f.kind).toBe('insufficient-data')
    if (f.kind === 'insufficient-data') expect(f.reason).toMatch(/less than a day/)
    const oneDay = forecastPeriod({ ...period, now: '2026-11-02T12:00:00Z', usedMinutes: 200, committedMinutes: 5_000 })
    expect(oneDay.kind).toBe('insufficient-data')
  })

  it('handles a zero commitment without dividing by zero', () => {
    const f = forecastPeriod({ ...period, now: '2026-11-11T00:00:00Z', usedMinutes: 50, committedMinutes: 0 })
    if (f.kind !== 'projection') throw new Error('expected a projection')
    expect(f.projectedPercent).toBeNull()
    expect(f.projectedMinutes).toBe(150)
    expect(f.projectedOverageMinutes).toBe(150)
    expect(f.alreadyOver).toBe(true)
    const idle = forecastPeriod({ ...period, now: '2026-11-11T00:00:00Z', usedMinutes: 0, committedMinutes: 0 })
    if (idle.kind !== 'projection') throw new Error('expected a projection')
    expect(idle.projectedOverageMinutes).toBe(0)
    expect(idle.alreadyOver).toBe(false)
  })

  it('marks a period that is already over its commitment', () => {
    const f = forecastPeriod({ ...period, now: '2026-11-21T00:00:00Z', usedMinutes: 6_000, committedMinutes: 5_000 })
    if (f.kind !== 'projection') throw new Error('expected a projection')
    expect(f.alreadyOver).toBe(true)
    expect(f.projectedMinutes).toBe(9_000)
    expect(f.projectedOverageMinutes).toBe(4_000)
    expect(f.crossesCommitmentAtMs).toBeNull()
  })

  it('clamps a clock outside the period and rejects a period without length', () => {
    const after = forecastPeriod({
      ...period,
      now: '2027-01-01T00:00:00Z',
      usedMinutes: 3_000,
      committedMinutes: 5_000,
    })
    if (after.kind !== 'projection') throw new Error('expected a projection')
    expect(after.projectedMinutes).toBe(3_000)
    const empty = forecastPeriod({
      periodStart: period.periodStart,
      periodEnd: period.periodStart,
      now: period.periodStart,
      usedMinutes: 0,
      committedMinutes: 10,
    })
    expect(empty.kind).toBe('insufficient-data')
  })
})

describe('burnUpSeries', () => {
  it('gives start, now and end: committed pace, average pace so far, the one measured total, projection', () => {
    const f = forecastPeriod({ ...period, now: '2026-11-16T00:00:00Z', usedMinutes: 3_000, committedMinutes: 5_000 })
    const points = burnUpSeries(f)
    expect(points.map((p) => [p.committedPace, p.averagePace, p.usedSoFar, p.projection])).toEqual([
      [0, 0, null, null],
      [2_500, 3_000, 3_000, 3_000],
      [5_000, null, null, 6_000],
    ])
  })

  it('draws only the total so far when there is too little data', () => {
    const f = forecastPeriod({ ...period, now: '2026-11-01T06:00:00Z', usedMinutes: 10, committedMinutes: 5_000 })
    const points = burnUpSeries(f)
    expect(points.every((p) => p.projection === null && p.averagePace === null)).toBe(true)
    expect(points.map((p) => p.usedSoFar)).toEqual([null, 10, null])
  })
})
