// When a delivery is tried again. The one schedule: the first attempt at once, then after 5 s, 5 min,
// 30 min and 2 h; after the fifth attempt fails the delivery is marked failed.
const SECOND = 1_000
const MINUTE = 60 * SECOND

/** The wait before each attempt; its length is the number of attempts. */
export const DELIVERY_SCHEDULE_MS: readonly number[] = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE]

/**
 * After `attempts` attempts (the one just made included) have failed: when to try again, or null to give up.
 * A receiver's Retry-After is honoured, no sooner than it, but never later than the schedule's longest wait.
 */
export function nextAttemptAt(
  schedule: readonly number[],
  attempts: number,
  now: number,
  retryAfterMs: number | null = null,
): number | null {
  const wait = schedule[attempts]
  if (wait === undefined) return null
  const longest = Math.max(...schedule)
  return now + Math.max(wait, Math.min(retryAfterMs ?? 0, longest))
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * SECOND
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}
