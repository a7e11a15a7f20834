// From the store's group tallies to the contract's rows: labels, most minutes first, the rest in
// "Other"; hours and weekdays in their own order, every one listed. Pure.
import { BREAKDOWN_ROWS_MAX, type BreakdownRow, type UsageDay } from '../../../src/api/contract/usage-breakdown-schemas'
import { emptyTally, SLOT_MS, type Tally } from '../store/usage-breakdowns'
import { addTally, figuresOf } from './call-figures'
import { dayIndexOf, localSlot, type ZoneDay } from './zone-buckets'

export interface LabelledTally {
  value: string | null
  label: string
  tally: Tally
}

const isoTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

const rowOf = ({ value, label, tally }: LabelledTally): BreakdownRow => ({ value, label, ...figuresOf(tally) })

/** Most minutes first, then most calls, then by label. */
export const byRank = (a: LabelledTally, b: LabelledTally) =>
  b.tally.minutes - a.tally.minutes ||
  b.tally.calls - a.tally.calls ||
  (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)

/** Most minutes first, then most calls, then by label; past BREAKDOWN_ROWS_MAX the rest add up in "Other". */
export function rankedRows(groups: LabelledTally[]): { rows: BreakdownRow[]; truncated: boolean } {
  const sorted = [...groups].sort(byRank)
  if (sorted.length <= BREAKDOWN_ROWS_MAX) return { rows: sorted.map(rowOf), truncated: false }
  const kept = sorted.slice(0, BREAKDOWN_ROWS_MAX - 1)
  const other = emptyTally()
  for (const group of sorted.slice(BREAKDOWN_ROWS_MAX - 1)) addTally(other, group.tally)
  return { rows: [...kept.map(rowOf), rowOf({ value: null, label: 'Other', tally: other })], truncated: true }
}

export interface SlotTally {
  slot: number
  tally: Tally
}

/**
 * A slot's calls all fall in one local day and hour (zone-buckets.ts); the period's bound may cut the
 * slot, so it is placed by its first instant inside the period.
 */
const slotStart = (slot: number, fromMs: number) => Math.max(slot * SLOT_MS, fromMs)

/** Every day of the period, zeros included, with its slots' tallies. */
export function dayRows(days: readonly ZoneDay[], slots: readonly SlotTally[], fromMs: number): UsageDay[] {
  const tallies = days.map(() => emptyTally())
  for (const { slot, tally } of slots) {
    const index = dayIndexOf(days, slotStart(slot, fromMs))
    const into = tallies[index]
    if (into) addTally(into, tally)
  }
  return days.map((day, index) => ({
    date: day.date,
    from: isoTime(day.fromMs),
    to: isoTime(day.toMs),
    ...figuresOf(tallies[index] ?? emptyTally()),
  }))
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** Hours 0..23 or ISO weekdays 1..7 in the zone, each listed, in that order. */
export function clockRows(
  kind: 'hour' | 'weekday',
  timeZone: string,
  slots: readonly SlotTally[],
  fromMs: number,
): BreakdownRow[] {
  const size = kind === 'hour' ? 24 : 7
  const tallies = Array.from({ length: size }, () => emptyTally())
  for (const { slot, tally } of slots) {
    const local = localSlot(timeZone, slotStart(slot, fromMs))
    const into = tallies[kind === 'hour' ? local.hour : local.weekday - 1]
    if (into) addTally(into, tally)
  }
  return tallies.map((tally, index) =>
    kind === 'hour'
      ? rowOf({ value: String(index), label: `${String(index).padStart(2, '0')}:00`, tally })
      : rowOf({ value: String(index + 1), label: WEEKDAYS[index] ?? '', tally }),
  )
}
