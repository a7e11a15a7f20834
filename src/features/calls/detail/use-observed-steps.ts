import { useState } from 'react'

/**
 * When each status was first seen while this page polled. The service reports
 * only the current status, so earlier steps are known only if we saw them.
 */
export function useObservedSteps(status: string, time: string | null | undefined): Record<string, string> {
  // A status without a time is still seen; the stepper shows no time for an empty one.
  const observedAt = time ?? ''
  const [seen, setSeen] = useState<Record<string, string>>(() => ({ [status]: observedAt }))
  // Adjusting state while rendering (not in an effect) avoids one stale frame.
  if (!(status in seen)) {
    const next = { ...seen, [status]: observedAt }
    setSeen(next)
    return next
  }
  return seen
}
