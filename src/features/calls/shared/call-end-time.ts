// When a call ended, from fields whose meaning the spec gives: the status answer's started_at plus its
// duration_seconds. The spec never says `updated_at` is the end (it is when the service last changed
// the record), so it is not used for it; a page that shows this time says how it was worked out.

/** started_at + duration_seconds as an ISO time, or null when either is missing or unreadable, or the sum is no time. */
export function callEndTime(
  startedAt: string | null | undefined,
  durationSeconds: number | null | undefined,
): string | null {
  if (!startedAt || typeof durationSeconds !== 'number' || !Number.isFinite(durationSeconds) || durationSeconds < 0)
    return null
  const start = Date.parse(startedAt)
  if (Number.isNaN(start)) return null
  // A duration the service may send (any integer) can put the end past the last time a Date holds,
  // where toISOString throws and took the whole call page down.
  const end = new Date(start + durationSeconds * 1000)
  return Number.isNaN(end.getTime()) ? null : end.toISOString()
}

/** How the end time was worked out, said beside it. */
export const CALL_END_TIME_SOURCE = 'start plus duration, as the service reports them'
