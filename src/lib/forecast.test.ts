import { describe, expect, it } from 'vitest'
import { burnUpSeries, forecastPeriod, type ProjectedForecast, projectionOutlook } from './forecast'

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

const LA = 'America/Los_Angeles'

function projection(now: string, usedMinutes: number, committedMinutes: number): ProjectedForecast {
  const f = forecastPeriod({ ...period, now, usedMinutes, committedMinutes })
  if (f.kind !== 'projection') throw new Error('expected a projection')
  return f
}

describe('projectionOutlook', () => {
  it("names the day the commitment is crossed, in the reader's zone", () => {
    // 3,000 minutes in 15 days: 200 a day, so 5,000 are reached after 25 days, on Nov 26 at 00:00 UTC.
    const f = projection('2026-11-16T00:00:00Z', 3_000, 5_000)
    const utc = projectionOutlook(f, 'UTC')
    expect(utc.tone).toBe('overage')
    expect(utc.headline).toBe(
      'Overage expected: the commitment runs out around Nov 26, 2026 (UTC), about 1,000 minutes over by period end.',
    )
    expect(utc.otherRisk).toBe('No committed minutes would go unused.')
    // The same instant is still the evening of Nov 25 in Los Angeles.
    expect(projectionOutlook(f, LA).headline).toBe(
      'Overage expected: the commitment runs out around Nov 25, 2026 (PST), about 1,000 minutes over by period end.',
    )
  })

  it('names the committed minutes left unused, how many and their share, as a risk', () => {
    // 1,000 minutes in 10 days: 3,000 by period end, so 2,000 of 5,000 go unused.
    const f = projection('2026-11-11T00:00:00Z', 1_000, 5_000)
    for (const zone of ['UTC', LA]) {
      const outlook = projectionOutlook(f, zone)
      expect(outlook.tone).toBe('unused')
      expect(outlook.headline).toBe(
        'About 2,000 of the 5,000 minutes committed (40%) would go unused. They are paid for anyway.',
      )
      expect(outlook.otherRisk).toBe('No overage: the commitment is not reached before the period ends.')
      // 4,000 minutes left over 20 days.
      expect(outlook.advice).toBe(
        'To use them all: about 200 minutes a day for the rest of the period, against 100 so far.',
      )
    }
  })

  it('is on track only when the projection lands near the commitment', () => {
    // 97% projected: the 3% unused is still said.
    const near = projectionOutlook(projection('2026-11-16T00:00:00Z', 2_425, 5_000), 'UTC')
    expect(near.tone).toBe('on-track')
    expect(near.headline).toBe('On track: about 97% of the committed minutes used by period end.')
    expect(near.otherRisk).toBe('About 150 minutes (3%) would go unused; the commitment is not crossed.')
    const exact = projectionOutlook(projection('2026-11-16T00:00:00Z', 2_500, 5_000), 'UTC')
    expect(exact.tone).toBe('on-track')
    expect(exact.otherRisk).toBe('None would go unused, and the commitment is not crossed.')
    // 94% is not near enough: 300 paid minutes unused.
    const short = projectionOutlook(projection('2026-11-16T00:00:00Z', 2_350, 5_000), 'UTC')
    expect(short.tone).toBe('unused')
    expect(short.headline).toContain('About 300 of the 5,000 minutes committed (6%) would go unused.')
  })

  it('says when the commitment is already used up', () => {
    const outlook = projectionOutlook(projection('2026-11-21T00:00:00Z', 6_000, 5_000), LA)
    expect(outlook.tone).toBe('overage')
    expect(outlook.headline).toBe(
      'The commitment is used up: 1,000 minutes over so far, about 4,000 minutes over by period end at this pace.',
    )
    expect(outlook.otherRisk).toBe('No committed minutes go unused.')
  })

  it('copes with no commitment', () => {
    const outlook = projectionOutlook(projection('2026-11-11T00:00:00Z', 50, 0), 'UTC')
    expect(outlook.tone).toBe('no-commitment')
    expect(outlook.headline).toContain('No minutes are committed')
  })
})
