// Before the press (issue 52): the console passes over, at claim, a contact whose number is on the do-not-call list or
// whose callee is outside calling hours, and refuses such a placement whatever the page says. A number listed, or an
// hour passed, since the claim is said here first, from the same questions New call asks (api/placement-checks.ts).
// An admin may allow one call outside the hours here, as on New call.
import { useQuery } from '@tanstack/react-query'
import { placementCheckQueries } from '@/api/placement-checks'
import { useTimeZone } from '@/api/preferences'
import { useCallingHoursException } from '@/components/allow-one-call'
import { type PlacementBlock, placementBlock } from '@/lib/placement-block'
import { formatDay } from '@/lib/time'

// The hour moves while a contact is held (up to the claim's 10 minutes, and longer while its call goes on).
const HOURS_REFRESH_MS = 60_000

/** Why this contact may not be called now, or null (also while the console has not answered). */
export function useContactBlock(number: string | null): PlacementBlock | null {
  const timeZone = useTimeZone()
  const listed = useQuery({ ...placementCheckQueries.doNotCall(number ?? ''), enabled: number !== null })
  const hours = useQuery({
    ...placementCheckQueries.callingHours(number ?? ''),
    enabled: number !== null,
    refetchInterval: HOURS_REFRESH_MS,
  })
  const exception = useCallingHoursException(number)
  if (number === null) return null
  return placementBlock({
    listed: listed.data?.entry ?? null,
    hours: hours.data ?? null,
    // An admin's one call outside the hours, allowed on this page or New call, for the number.
    exception: exception ?? null,
    now: Date.now(),
    formatDay: (iso) => formatDay(iso, timeZone),
  })
}
