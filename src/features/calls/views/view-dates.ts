// What a saved view's dates are when it is opened, and how its name says which: a relative range
// ("Failed · last 7 days") is resolved on the day it is opened, a fixed one ("Failed · Nov 19 – Nov 25")
// stays. Pure: the view, the zone and the clock in, search params and words out.
import type { DatePreset } from '@/api/contract/call-index-schemas'
import { inclusiveToDay } from '@/lib/day-bounds'
import { toInstant } from '@/lib/local-date'
import { dateFormatIn, dateInZone } from '@/lib/time-zone'
import { type BillingPeriod, PRESET_LABELS, presetRange } from '../shared/date-presets'

/** The calls page's search params as a saved view holds them (the router's parse of its `search`). */
export type ViewSearch = Record<string, unknown>

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

/**
 * The view's search as it opens now: a relative range becomes that range today, in the viewer's zone.
 * Without a known billing period its preset selects no dates yet (the filters' button is hidden alike).
 */
export function openedSearch(
  search: ViewSearch,
  preset: DatePreset | null,
  timeZone: string,
  now: number,
  period: BillingPeriod = {},
): ViewSearch {
  if (!preset) return search
  const range = presetRange(preset, timeZone, now, period)
  return { ...search, from_date: range?.from_date, to_date: range?.to_date }
}

function dayText(day: string, now: number, timeZone: string): string {
  const at = Date.parse(`${day}T12:00:00Z`)
  const thisYear = day.slice(0, 4) === dateInZone(now, timeZone).slice(0, 4)
  return dateFormatIn('UTC', thisYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' }).format(at)
}

/** The view's dates in words: "last 7 days" for a relative range, "Nov 19 – Nov 25" for fixed days, null for none. */
export function viewDatesText(search: ViewSearch, preset: DatePreset | null, timeZone: string, now: number) {
  if (preset) return PRESET_LABELS[preset].toLowerCase()
  const from = textOf(search.from_date)
  const to = textOf(search.to_date)
  const first = from && dateInZone(toInstant(from), timeZone)
  const last = to && inclusiveToDay(toInstant(to), timeZone)
  if (first && last)
    return first === last
      ? dayText(first, now, timeZone)
      : `${dayText(first, now, timeZone)} – ${dayText(last, now, timeZone)}`
  if (first) return `from ${dayText(first, now, timeZone)}`
  if (last) return `until ${dayText(last, now, timeZone)}`
  return null
}

/** The name a view is listed under: its own, then its dates, unless its name already says them. */
export function viewTitle(name: string, datesText: string | null): string {
  if (!datesText || name.toLowerCase().includes(datesText.toLowerCase())) return name
  return `${name} · ${datesText}`
}

/** Whether two searches select the same (the order of their params aside; the page's cursor trail is not a filter). */
export function sameFilters(a: ViewSearch, b: ViewSearch): boolean {
  const key = (search: ViewSearch) =>
    JSON.stringify(
      Object.entries(search)
        .filter(([name, value]) => value !== undefined && name !== 'cursor' && name !== 'prev')
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    )
  return key(a) === key(b)
}

/** The search a relative view keeps: its filters without the dates the preset gives each day. */
export function withoutDates(search: ViewSearch): ViewSearch {
  const { from_date: _from, to_date: _to, ...rest } = search
  return rest
}
