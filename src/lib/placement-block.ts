// Why New call will not place a call to this number now, from the console's two answers before the press. Pure: the
// notice and the disabled Place call both read it, and it is tested without a page.
import type { CallingHoursAnswer, CallingHoursException } from '@/api/contract/calling-hours-schemas'
import type { DoNotCallEntry } from '@/api/contract/do-not-call-schemas'

export type PlacementBlock =
  | { kind: 'do-not-call'; sentence: string }
  | { kind: 'calling-hours'; sentence: string; opensAt: string | null }

export function placementBlock({
  listed,
  hours,
  exception,
  now,
  formatDay,
}: {
  /** The list's entry for the number, or null when it is not listed (or the console could not say). */
  listed: DoNotCallEntry | null
  /** The callee's hours now, or null when the console enforces none (or could not say). */
  hours: CallingHoursAnswer | null
  /** An admin's one call outside the hours, allowed for this number. */
  exception: CallingHoursException | null
  now: number
  formatDay: (iso: string) => string
}): PlacementBlock | null {
  // The list comes first: no exception lets a listed number be called.
  if (listed) {
    return {
      kind: 'do-not-call',
      sentence: `On the do-not-call list since ${formatDay(listed.added_at)} by ${listed.added_by}: ${listed.reason}`,
    }
  }
  if (!hours || hours.allowed) return null
  if (exception && Date.parse(exception.expires_at) > now) return null
  return { kind: 'calling-hours', sentence: hours.sentence, opensAt: hours.opens_at }
}
