// How an API's date bounds read to a person: the API's "to" is an instant the results
// come before; a person means "up to and including this day".
import { addDays, dateInZone, dayStartInZone } from './time-zone'

/** The day a person sees in a "To (inclusive)" field for the API's exclusive bound. */
export function inclusiveToDay(toDate: string, timeZone: string): string {
  const ms = Date.parse(toDate)
  return Number.isNaN(ms) ? '' : dateInZone(ms - 1, timeZone)
}

/** The API's exclusive bound for a picked last day: the start of the day after it. */
export function exclusiveToDate(lastDay: string, timeZone: string): string {
  return dayStartInZone(addDays(lastDay, 1), timeZone)
}
