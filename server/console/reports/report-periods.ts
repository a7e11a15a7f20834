// Which period a report covers: the last whole day, ISO week (Monday to Monday) or calendar month that ended
// before `nowMs`, in the subscriber's zone. Pure: the zone's calendar is usage/'s (Intl only).
import type { ReportFrequency } from '../../../src/api/contract/report-subscription-schemas'
import { localSlot, startOfLocalDate } from '../usage/zone-buckets'

export interface ReportPeriod {
  startMs: number
  endMs: number
}

const DAY_MS = 86_400_000

/** A YYYY-MM-DD date `days` later (or earlier). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** The first of the month `months` after (or before) the month of a date. */
const firstOfMonth = (date: string, months: number) => {
  const at = new Date(Date.parse(`${date.slice(0, 7)}-01T00:00:00Z`))
  at.setUTCMonth(at.getUTCMonth() + months)
  return at.toISOString().slice(0, 10)
}

/** The last whole period of this frequency that ended at or before `nowMs`, in `timeZone`. */
export function lastWholePeriod(frequency: ReportFrequency, timeZone: string, nowMs: number): ReportPeriod {
  const today = localSlot(timeZone, nowMs)
  const [from, to] =
    frequency === 'daily'
      ? [addDays(today.date, -1), today.date]
      : frequency === 'weekly'
        ? [addDays(today.date, -(today.weekday - 1) - 7), addDays(today.date, -(today.weekday - 1))]
        : [firstOfMonth(today.date, -1), firstOfMonth(today.date, 0)]
  return { startMs: startOfLocalDate(timeZone, from), endMs: startOfLocalDate(timeZone, to) }
}

const FREQUENCY_WORDS: Record<ReportFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
}

/** "Daily", "Weekly", "Monthly": how the report names itself. */
export const frequencyWord = (frequency: ReportFrequency) => FREQUENCY_WORDS[frequency]
