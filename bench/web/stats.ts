/** The middle value (mean of the two middle ones for an even count); NaN when there is none. */
export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** Linear interpolation between the closest ranks, so the median of two values is their mean. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (p / 100) * (sorted.length - 1)
  const low = Math.floor(rank)
  const high = Math.ceil(rank)
  const lowValue = sorted[low] ?? Number.NaN
  const highValue = sorted[high] ?? Number.NaN
  return lowValue + (highValue - lowValue) * (rank - low)
}
