// Display formatting for API values. Pure, so the tests pin the exact output.

/** Seconds as m:ss (minutes grow past 59); null (in progress) as an em dash. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—'
  const whole = Math.floor(seconds)
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${minutes}:${String(rest).padStart(2, '0')}`
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A count with thousands separators, in English as the dashboard is written: 41,200. */
export function formatNumber(value: number): string {
  return integer.format(value)
}

export function formatYesNo(value: boolean): string {
  return value ? 'Yes' : 'No'
}

/** Metadata values are strings, numbers, booleans or null; all shown as plain text. */
export function formatMetadataValue(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
