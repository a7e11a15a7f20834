import { useSyncExternalStore } from 'react'
import { rateLimitGate } from '@/api/rate-limit-gate'
import { useNow } from '@/lib/use-now'
import { SlowDownNotice } from './slow-down-notice'

/** The words every page uses while the service's Retry-After holds its requests. */
const SLOW_DOWN_MESSAGE = 'Requests paused: the voice service asked us to slow down.'

/**
 * On any page, while a 429 (or a 503 with Retry-After) holds every request to the voice service: says
 * so and when the next try is, so a page waiting on it is never a bare skeleton.
 */
export function RateLimitBanner() {
  const openAt = useSyncExternalStore(rateLimitGate.subscribe, rateLimitGate.openAt)
  const now = useNow(1000, openAt > Date.now())
  if (openAt <= now) return null
  return (
    <div className="mb-4">
      <SlowDownNotice message={SLOW_DOWN_MESSAGE} nextTryAt={openAt} />
    </div>
  )
}
