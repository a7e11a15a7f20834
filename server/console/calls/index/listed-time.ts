/**
 * A time the service gave, as epoch ms in a list of none or one: spread into Math.min / Math.max,
 * a call listed without a creation time (the spec never says it cannot be null) moves no bound.
 */
export function timesOf(value: string | null | undefined): number[] {
  const time = value ? Date.parse(value) : Number.NaN
  return Number.isNaN(time) ? [] : [time]
}
