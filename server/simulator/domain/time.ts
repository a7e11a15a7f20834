/** The spec's timestamp shape: ISO 8601 UTC with whole seconds, e.g. 2026-11-22T03:10:52Z. */
export function toTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`
}

/** Parses what the list filters accept (a date or a date-time with offset) to epoch ms. */
export function parseQueryDate(value: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
}
