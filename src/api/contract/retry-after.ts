// How a Retry-After header is read, by the dashboard (client.ts) and the console's status hub
// alike: one reading of the rule, so both wait the same time for the same answer.

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); milliseconds, or null if unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  // An HTTP date always names a weekday or month; this rejects "-5", which Date.parse would accept.
  if (!/[a-z]/i.test(trimmed)) return null
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return null
  return Math.max(0, date - now)
}
