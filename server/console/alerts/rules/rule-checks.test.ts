// The rules' pure checks: when each fires, and the words and numbers of its message.
import { describe, expect, it } from 'vitest'
import { checkCallerIds } from './caller-id-check'
import { type PeriodUsage, periodUsageOf } from './period-usage'
import { checkProjectedOver, paceDays } from './projected-over-check'
import { checkUsagePercent } from './usage-percent-check'

const DAY_MS = 86_400_000
const NOV = Date.parse('2026-11-01T00:00:00Z')
const DEC = Date.parse('2026-12-01T00:00:00Z')
const usage = (used: number, committed = 10_000, readAt = Date.parse('2026-11-24T14:05:31Z')): PeriodUsage => ({
  periodStartMs: NOV,
  periodEndMs: DEC,
  committedMinutes: committed,
  usedMinutes: used,
  readAtMs: readAt,
})

describe('usage-percent', () => {
  it('fires from the exact share on, with the numbers in words', () => {
    expect(checkUsagePercent(80, usage(7_999))).toBeNull()
    expect(checkUsagePercent(80, usage(8_012))).toBe(
      'Minutes used reached 80% of the commitment: 8,012 of 10,000 minutes, on 24 Nov 2026 14:05 UTC',
    )
    expect(checkUsagePercent(80, usage(8_000))).not.toBeNull()
    // 79.995% is not 80%: whole numbers on both sides.
    expect(checkUsagePercent(80, usage(15_999, 20_000))).toBeNull()
    expect(checkUsagePercent(150, usage(15_000, 10_000))).toContain('150% of the commitment: 15,000 of 10,000')
  })

  it('never fires without a commitment', () => {
    expect(checkUsagePercent(50, usage(500, 0))).toBeNull()
  })
})

describe('the usage summary', () => {
  it('says why the rules cannot be checked: a field missing, or a period that is not the present one', () => {
    const summary = {
      period_start: '2026-11-01T00:00:00Z',
      period_end: '2026-12-01T00:00:00Z',
      committed_minutes: 100,
      actual_minutes_used: 5,
    }
    const now = Date.parse('2026-11-24T10:00:00Z')
    expect(periodUsageOf(summary, now)).toMatchObject({ periodStartMs: NOV, periodEndMs: DEC, usedMinutes: 5 })
    expect(periodUsageOf({ ...summary, period_end: null }, now)).toEqual({
      unusable: 'it has no period_end after period_start',
    })
    expect(periodUsageOf({ ...summary, committed_minutes: null }, now)).toEqual({
      unusable: 'it has no committed_minutes',
    })
    expect(periodUsageOf({ ...summary, actual_minutes_used: undefined }, now)).toEqual({
      unusable: 'it has no actual_minutes_used',
    })
    expect(periodUsageOf({ ...summary, period_start: undefined }, now)).toEqual({ unusable: 'it has no period_start' })
    // A made-up period (a mock service's) would fire every rule again: it is refused.
    expect(periodUsageOf(summary, Date.parse('2031-05-01T00:00:00Z'))).toEqual({
      unusable: 'its period (2026-11-01T00:00:00Z to 2026-12-01T00:00:00Z) is not the present one',
    })
    // A few minutes past the turn of the month, the service's clock may not have turned yet.
    expect(periodUsageOf(summary, DEC + 5 * 60_000)).toMatchObject({ periodStartMs: NOV })
  })
})

describe('projected-over', () => {
  /** Minutes of each day from 1 Nov, as the index's daily sums give them (days without calls left out). */
  const sums = (minutes: number[]) =>
    minutes.flatMap((m, i) => (m === 0 ? [] : [{ dayStartMs: NOV + i * DAY_MS, minutes: m }]))

  it('lays the days out contiguously from the period start, the running day last', () => {
    const days = paceDays(usage(0), sums([5, 0, 7]), NOV + 2.5 * DAY_MS)
    expect(days).toEqual([
      { fromMs: NOV, toMs: NOV + DAY_MS, minutes: 5 },
      { fromMs: NOV + DAY_MS, toMs: NOV + 2 * DAY_MS, minutes: 0 },
      { fromMs: NOV + 2 * DAY_MS, toMs: NOV + 3 * DAY_MS, minutes: 7 },
    ])
  })

  it('fires when the pace of the last days crosses the commitment before the period ends', () => {
    // 20 days at 400 a day is 8,000 used; 10 days left at 400 a day reaches 12,000: crosses on 26 Nov.
    const now = NOV + 20 * DAY_MS
    const message = checkProjectedOver(usage(8_000, 10_000, now), sums(Array(20).fill(400)), now)
    expect(message).toBe(
      'Minutes are projected to cross the commitment on 26 Nov 2026, before the period ends on 1 Dec 2026: ' +
        '8,000 of 10,000 minutes used, at 400 minutes a day (the pace of the last 7 days), about 12,000 by the end; ' +
        'on 21 Nov 2026 00:00 UTC',
    )
  })

  it('stays quiet when the pace does not reach the commitment, when it is already over, or too early', () => {
    const now = NOV + 20 * DAY_MS
    // A busy first fortnight, then a quiet week: the last 7 days set the pace (100 a day).
    const slowing = [...Array(13).fill(500), ...Array(7).fill(100)]
    expect(checkProjectedOver(usage(7_200, 10_000, now), sums(slowing), now)).toBeNull()
    expect(checkProjectedOver(usage(10_000, 10_000, now), sums(Array(20).fill(500)), now)).toBeNull()
    // Two whole days: too early for a pace, whatever it is.
    const early = NOV + 2.5 * DAY_MS
    expect(checkProjectedOver(usage(9_000, 10_000, early), sums([4_000, 4_000, 1_000]), early)).toBeNull()
  })
})

describe('caller-id-answered-less', () => {
  it('fires once per caller ID, with the reason health gives', () => {
    expect(
      checkCallerIds([
        { callerId: '+14155550100', reason: 'answered 21% of its last 50 calls, against 64% before' },
        { callerId: '+14155550100', reason: 'again' },
        { callerId: ' ', reason: 'no number' },
        { callerId: '+12125550142', reason: 'answered 30%' },
      ]),
    ).toEqual([
      {
        subject: '+14155550100',
        message:
          'Caller ID +14155550100 is answered less than usual: answered 21% of its last 50 calls, against 64% before',
      },
      { subject: '+12125550142', message: 'Caller ID +12125550142 is answered less than usual: answered 30%' },
    ])
  })
})
