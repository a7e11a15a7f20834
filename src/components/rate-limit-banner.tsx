import { useSyncExternalStore } from 'react'
import { rateLimitGate } from '@/api/rate-limit-gate'
import { useNow } from '@/lib/use-now'
import { SlowDownNotice } from './slow-down-notice'

/** The words every page uses while the service's Retry-After holds its requests. */
const SLOW_DOWN_MESSAGE = 'Requests paused: the voice service asked us to slow down.'

/**
 * On any page, while a 429 (or a 503 with Retry-After) holds every request to the voice service: says
 * so and when the next try is, so a page waiting on it is never a bare skeleton. Over the page, not in it: it comes
 * and goes with every 429, and in the page's flow it moved everything below it as it did, so a press on a moving
 * button (Start verification) went to whatever took its place, and sent nothing. It holds no control, so pointers
 * pass through it.
 */
export function RateLimitBanner() {
  const openAt = useSyncExternalStore(rateLimitGate.subscribe, rateLimitGate.openAt)
  const now = useNow(1000, openAt > Date.now())
  if (openAt <= now) return null
  return (
    <div className="pointer-events-none fixed bottom-4 left-4 z-50">
      <SlowDownNotice message={SLOW_DOWN_MESSAGE} nextTryAt={openAt} />
    </div>
  )
}
