// The viewer's days and clock from 15-minute UTC slots, across the service's UTC periods and zones whose
// offsets are not whole hours or change within the period.
import { describe, expect, it } from 'vitest'
import { emptyTally, SLOT_MS, type Tally } from '../store/usage-breakdowns'
import { clockRows, dayRows, type SlotTally } from './breakdown-rows'
import { localSlot, startOfLocalDate, zoneDays } from './zone-buckets'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()
const NOVEMBER = { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') }
const MARCH = { from: at('2026-03-01T00:00:00Z'), to: at('2026-04-01T00:00:00Z') }

/** A call of `minutes` at each instant, as the store's slots would hold them. */
function slotsAt(instants: number[]): SlotTally[] {
  const slots = new Map<number, Tally>()
  for (const [index, instant] of instants.entries()) {
    const slot = Math.floor(instant / SLOT_MS)
    const into = slots.get(slot) ?? emptyTally()
    into.calls += 1
    into.ended += 1
    into.completed += 1
    into.minutes += index + 1
    slots.set(slot, into)
  }
  return [...slots].map(([slot, t]) => ({ slot, tally: t }))
}

describe('zoneDays', () => {
  it('lists the 30 UTC days of a UTC period, none partial', () => {
    const days = zoneDays('UTC', NOVEMBER.from, NOVEMBER.to)
    expect(days).toHaveLength(30)
    expect(days[0]).toEqual({ date: '2026-11-01', fromMs: NOVEMBER.from, toMs: at('2026-11-02T00:00:00Z') })
    expect(days.at(-1)).toEqual({ date: '2026-11-30', fromMs: at('2026-11-30T00:00:00Z'), toMs: NOVEMBER.to })
  })

  it('in New York, starts with the partial last evening of October and ends before midnight of the 30th', () => {
    const days = zoneDays('America/New_York', NOVEMBER.from, NOVEMBER.to)
    // 2026-11-01 00:00Z is 20:00 on 31 October (EDT, -04:00); 2026-12-01 00:00Z is 19:00 on 30 November (EST).
    expect(days).toHaveLength(31)
    expect(days[0]).toEqual({ date: '2026-10-31', fromMs: NOVEMBER.from, toMs: at('2026-11-01T04:00:00Z') })
    expect(days[1]?.date).toBe('2026-11-01')
    // The day DST ends (1 November) is 25 hours long.
    expect(((days[1]?.toMs ?? 0) - (days[1]?.fromMs ?? 0)) / 3_600_000).toBe(25)
    expect(days.at(-1)).toEqual({ date: '2026-11-30', fromMs: at('2026-11-30T05:00:00Z'), toMs: NOVEMBER.to })
  })

  it('in New York in March, the day DST starts has 23 hours', () => {
    const days = zoneDays('America/New_York', MARCH.from, MARCH.to)
    const eighth = days.find((day) => day.date === '2026-03-08')
    expect(eighth && (eighth.toMs - eighth.fromMs) / 3_600_000).toBe(23)
  })

  it('in Kolkata (+05:30) and Kathmandu (+05:45), the last day is the partial first morning of December', () => {
    const kolkata = zoneDays('Asia/Kolkata', NOVEMBER.from, NOVEMBER.to)
    expect(kolkata).toHaveLength(31)
    expect(iso(kolkata[0]?.toMs ?? 0)).toBe('2026-11-01T18:30:00.000Z')
    expect(kolkata.at(-1)).toMatchObject({ date: '2026-12-01', fromMs: at('2026-11-30T18:30:00Z'), toMs: NOVEMBER.to })
    const kathmandu = zoneDays('Asia/Kathmandu', NOVEMBER.from, NOVEMBER.to)
    expect(kathmandu.at(-1)).toMatchObject({ date: '2026-12-01', fromMs: at('2026-11-30T18:15:00Z') })
  })

  it('covers the period without gap or overlap in every zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'])
      for (const period of [NOVEMBER, MARCH]) {
        const days = zoneDays(zone, period.from, period.to)
        expect(days[0]?.fromMs).toBe(period.from)
        expect(days.at(-1)?.toMs).toBe(period.to)
        for (const [index, day] of days.entries()) {
          if (index > 0) expect(day.fromMs).toBe(days[index - 1]?.toMs)
          expect(localSlot(zone, day.fromMs).date).toBe(day.date)
          expect(localSlot(zone, day.toMs - 1).date).toBe(day.date)
        }
      }
  })

  it('finds the start of a day whose midnight a transition skips', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06: that day begins at 01:00 local (04:00Z).
    expect(iso(startOfLocalDate('America/Santiago', '2026-09-06'))).toBe('2026-09-06T04:00:00.000Z')
  })
})

describe('days and clock rows from slots', () => {
  const instants = [
    '2026-11-01T00:00:00Z', // 31 Oct 20:00 in New York; 1 Nov 05:30 in Kolkata
    '2026-11-01T03:59:59Z', // still 31 Oct in New York
    '2026-11-01T04:00:00Z', // 1 Nov 00:00 in New York
    '2026-11-15T18:29:59Z', // 15 Nov 23:59 in Kolkata
    '2026-11-15T18:30:00Z', // 16 Nov 00:00 in Kolkata
    '2026-11-30T18:14:59Z', // 30 Nov 23:59 in Kathmandu
    '2026-11-30T18:15:00Z', // 1 Dec 00:00 in Kathmandu
    '2026-11-30T23:59:59Z',
  ].map(at)
  const slots = slotsAt(instants)
  const totalMinutes = (instants.length * (instants.length + 1)) / 2

  it('keeps every minute, whichever zone they are read in', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu']) {
      const days = dayRows(zoneDays(zone, NOVEMBER.from, NOVEMBER.to), slots, NOVEMBER.from)
      expect(days.reduce((sum, day) => sum + day.minutes, 0)).toBe(totalMinutes)
      expect(days.reduce((sum, day) => sum + day.calls, 0)).toBe(instants.length)
      for (const kind of ['hour', 'weekday'] as const) {
        const rows = clockRows(kind, zone, slots, NOVEMBER.from)
        expect(rows).toHaveLength(kind === 'hour' ? 24 : 7)
        expect(rows.reduce((sum, row) => sum + row.minutes, 0)).toBe(totalMinutes)
      }
    }
  })

  it('puts each call on its local day', () => {
    const minutesOn = (zone: string, date: string) =>
      dayRows(zoneDays(zone, NOVEMBER.from, NOVEMBER.to), slots, NOVEMBER.from).find((day) => day.date === date)
        ?.minutes
    expect(minutesOn('America/New_York', '2026-10-31')).toBe(1 + 2)
    expect(minutesOn('America/New_York', '2026-11-01')).toBe(3)
    expect(minutesOn('Asia/Kolkata', '2026-11-15')).toBe(4)
    expect(minutesOn('Asia/Kolkata', '2026-11-16')).toBe(5)
    expect(minutesOn('Asia/Kathmandu', '2026-11-30')).toBe(6)
    expect(minutesOn('Asia/Kathmandu', '2026-12-01')).toBe(7 + 8)
    expect(minutesOn('UTC', '2026-11-30')).toBe(6 + 7 + 8)
  })

  it('reads hours and ISO weekdays in the zone', () => {
    const one = slotsAt([at('2026-11-01T04:00:00Z')]) // Sunday 00:00 in New York, Sunday 04:00 UTC
    const hour = (zone: string) => clockRows('hour', zone, one, NOVEMBER.from).find((row) => row.calls > 0)
    expect(hour('America/New_York')).toMatchObject({ value: '0', label: '00:00' })
    expect(hour('Asia/Kathmandu')).toMatchObject({ value: '9', label: '09:00' })
    const weekday = clockRows('weekday', 'Asia/Kolkata', one, NOVEMBER.from).find((row) => row.calls > 0)
    expect(weekday).toMatchObject({ value: '7', label: 'Sunday' })
    const monday = clockRows('weekday', 'UTC', slotsAt([at('2026-11-02T10:00:00Z')]), NOVEMBER.from)
    expect(monday[0]).toMatchObject({ value: '1', label: 'Monday', calls: 1 })
  })

  it('places a slot the period starts inside by its part in the period', () => {
    const from = at('2026-11-01T03:50:00Z')
    const cut = slotsAt([at('2026-11-01T03:55:00Z')])
    const days = dayRows(zoneDays('America/New_York', from, NOVEMBER.to), cut, from)
    expect(days[0]).toMatchObject({ date: '2026-10-31', calls: 1, from: '2026-11-01T03:50:00Z' })
  })
})
