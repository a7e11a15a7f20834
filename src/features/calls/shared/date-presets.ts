// The date filter's presets, and how the API's bounds read to a person: the API's
// `to_date` is an instant the calls come before; a person means "up to and including this day".
import { DATE_PRESET_IDS, type DatePreset } from '@/api/contract/call-index-schemas'
import { addDays, dateInZone, dayStartInZone } from '@/lib/time-zone'

export const PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'last-7-days': 'Last 7 days',
  'billing-period': 'This billing period',
}

/** The presets in the order the filters offer them (the contract's list: a saved view may keep one). */
export const DATE_PRESETS = DATE_PRESET_IDS.map((id) => ({ id, label: PRESET_LABELS[id] }))

export interface DateRange {
  from_date: string | undefined
  to_date: string | undefined
}

/** The current billing period's instants as the service gave them; `end` is known to those who read usage. */
export interface BillingPeriod {
  start?: string
  end?: string
}

/**
 * The range of a preset in the person's zone. The billing period is the service's own instants, whatever
 * the zone: from the account's `current_usage.period_start` to the usage summary's `period_end` (open-ended
 * when it is not known: no call is created after now); without a start there is no such range (undefined).
 */
export function presetRange(
  preset: DatePreset,
  timeZone: string,
  now: number,
  period: BillingPeriod = {},
): DateRange | undefined {
  const today = dateInZone(now, timeZone)
  const start = (days: number) => dayStartInZone(addDays(today, days), timeZone)
  switch (preset) {
    case 'today':
      return { from_date: start(0), to_date: start(1) }
    case 'yesterday':
      return { from_date: start(-1), to_date: start(0) }
    case 'last-7-days':
      return { from_date: start(-6), to_date: start(1) }
    case 'billing-period':
      return period.start ? { from_date: period.start, to_date: period.end } : undefined
  }
}

const sameInstant = (a: string | undefined, b: string | undefined) =>
  a === b || (a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b))

/** The preset the current range is, if it is one. */
export function activePreset(
  range: DateRange,
  timeZone: string,
  now: number,
  period: BillingPeriod = {},
): DatePreset | undefined {
  return DATE_PRESETS.map((p) => p.id).find((id) => {
    const candidate = presetRange(id, timeZone, now, period)
    return (
      candidate && sameInstant(candidate.from_date, range.from_date) && sameInstant(candidate.to_date, range.to_date)
    )
  })
}
