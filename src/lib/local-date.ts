// A person picks a day on their own calendar; the API takes instants. These turn
// one into the other in the browser's time zone, which is read from the Date itself.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function localDateOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The local date, time and offset of an instant: "2026-11-01T00:00:00+01:00". */
export function toLocalIso(date: Date): string {
  // Whole minutes: offsets from before standard time (LMT) can carry seconds, which ISO 8601 offsets cannot.
  const offset = -Math.round(date.getTimezoneOffset())
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  return `${localDateOf(date)}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/**
 * A whole date a person could mean: a real day with a four-digit year. A date input
 * passes through years like 0002 and 0020 while the year is typed.
 */
export function isCompleteDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  if (year < 1000) return false
  const date = new Date(year, month - 1, day)
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
}

/** "2026-11-01" → the start of that day in the local time zone, with its offset. */
export function localDayStart(value: string): string {
  const match = DATE.exec(value)
  if (!match) return value
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const start = new Date(year, month - 1, day)
  // Date(y, m, d) reads years 0-99 as 1900-1999.
  start.setFullYear(year, month - 1, day)
  return toLocalIso(start)
}

/** A plain date as the local day's start; a date-time, which already names an instant, as it is. */
export function toInstant(value: string): string {
  return DATE.test(value) ? localDayStart(value) : value
}
