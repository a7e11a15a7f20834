import { describe, expect, it } from 'vitest'
import { formatRelative } from '@/lib/time'
import { activePreset, presetRange } from './date-presets'

const LA = 'America/Los_Angeles'
// 03:30 UTC on Nov 20: still Nov 19 in Los Angeles.
const now = Date.parse('2026-11-20T03:30:00Z')

describe('date presets', () => {
  it('are whole days in the person’s zone', () => {
    expect(presetRange('today', 'UTC', now)).toEqual({
      from_date: '2026-11-20T00:00:00Z',
      to_date: '2026-11-21T00:00:00Z',
    })
    expect(presetRange('today', LA, now)).toEqual({
      from_date: '2026-11-19T00:00:00-08:00',
      to_date: '2026-11-20T00:00:00-08:00',
    })
    expect(presetRange('yesterday', LA, now)).toEqual({
      from_date: '2026-11-18T00:00:00-08:00',
      to_date: '2026-11-19T00:00:00-08:00',
    })
    expect(presetRange('last-7-days', 'UTC', now)).toEqual({
      from_date: '2026-11-14T00:00:00Z',
      to_date: '2026-11-21T00:00:00Z',
    })
  })
  it('hold the calls a list row calls “yesterday” and “today”, and no others', () => {
    // Read at 05:50 on Dec 6 in each zone, every quarter of an hour of the four days before.
    for (const zone of ['UTC', LA, 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo']) {
      const readAt =
        Date.parse(presetRange('today', zone, Date.parse('2026-12-06T12:00:00Z'))?.from_date ?? '') + 350 * 60_000
      const yesterday = presetRange('yesterday', zone, readAt)
      const today = presetRange('today', zone, readAt)
      for (let at = readAt - 4 * 86_400_000; at < readAt - 3_600_000; at += 15 * 60_000) {
        const words = formatRelative(new Date(at).toISOString(), readAt, zone, 'en')
        const inRange = (range: typeof today) =>
          at >= Date.parse(range?.from_date ?? '') && at < Date.parse(range?.to_date ?? '')
        expect(words === 'yesterday', `${zone} ${new Date(at).toISOString()}: ${words}`).toBe(inRange(yesterday))
        expect(
          words.endsWith('hours ago') || words === '1 hour ago',
          `${zone} ${new Date(at).toISOString()}: ${words}`,
        ).toBe(inRange(today))
      }
    }
  })
  it('span a DST change with the right offsets', () => {
    const afterChange = Date.parse('2026-11-03T18:00:00Z')
    expect(presetRange('last-7-days', LA, afterChange)).toEqual({
      from_date: '2026-10-28T00:00:00-07:00',
      to_date: '2026-11-04T00:00:00-08:00',
    })
  })
  it('run the billing period from the account’s period start, when known', () => {
    expect(presetRange('billing-period', LA, now, { start: '2026-11-01T00:00:00Z' })).toEqual({
      from_date: '2026-11-01T00:00:00Z',
      to_date: undefined,
    })
    expect(presetRange('billing-period', LA, now)).toBeUndefined()
  })
  it('run the billing period to the exact end the service gave, not to a day’s end in the person’s zone', () => {
    const period = { start: '2026-11-01T00:00:00Z', end: '2026-12-01T00:00:00Z' }
    for (const zone of [LA, 'Asia/Kolkata', 'UTC'])
      expect(presetRange('billing-period', zone, now, period)).toEqual({
        from_date: '2026-11-01T00:00:00Z',
        to_date: '2026-12-01T00:00:00Z',
      })
    // The same instants written with an offset still read as the preset.
    const range = { from_date: '2026-10-31T17:00:00-07:00', to_date: '2026-11-30T16:00:00-08:00' }
    expect(activePreset(range, LA, now, period)).toBe('billing-period')
    expect(activePreset({ ...range, to_date: undefined }, LA, now, period)).toBeUndefined()
  })
  it('recognise the range they set, however its instants are written', () => {
    expect(activePreset({ from_date: '2026-11-19T08:00:00Z', to_date: '2026-11-20T08:00:00Z' }, LA, now)).toBe('today')
    expect(activePreset({ from_date: '2026-11-19T08:00:00Z', to_date: undefined }, LA, now)).toBeUndefined()
    expect(activePreset({ from_date: undefined, to_date: undefined }, LA, now)).toBeUndefined()
  })
})
