import { useState } from 'react'

/** Where a tab keeps what it saw of each call: a reload or a visit to another page does not forget it. */
const storageKey = (callId: string) => `vd.observed-steps.${callId}`

function readStored(callId: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey(callId)) ?? '{}')
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {}
    // Only strings: anything else in the tab's storage is not ours to show.
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    )
  } catch {
    return {}
  }
}

function store(callId: string, seen: Record<string, string>) {
  try {
    sessionStorage.setItem(storageKey(callId), JSON.stringify(seen))
  } catch {
    // Storage full or refused (a private window): the page still keeps them while it is open.
  }
}

/**
 * When each status was first seen, with the service's `updated_at` of the answer that carried it.
 * The service reports only the current status, so earlier steps are known only if this tab saw them;
 * what it saw is kept (for the tab's life) across re-renders, refetches and coming back to the call.
 */
export function useObservedSteps(
  callId: string,
  status: string,
  time: string | null | undefined,
): Record<string, string> {
  // A status without a time is still seen; the stepper says the service gave no time for it.
  const observedAt = time ?? ''
  const [seen, setSeen] = useState<Record<string, string>>(() => {
    const stored = readStored(callId)
    if (status in stored) return stored
    const next = { ...stored, [status]: observedAt }
    store(callId, next)
    return next
  })
  // Adjusting state while rendering (not in an effect) avoids one stale frame.
  if (!(status in seen)) {
    const next = { ...seen, [status]: observedAt }
    store(callId, next)
    setSeen(next)
    return next
  }
  return seen
}
