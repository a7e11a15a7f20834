// While the voice service is unreachable, one read every PROBE_EVERY_MS tells when it is back (nothing else may
// read it: a page in error polls nothing). One per browser, not per tab: the tabs share the time of the last
// probe and the news that the service is back through localStorage, whose `storage` event reaches every other
// tab of the origin. The live stream's tab sharing (src/live/tabs) is per person and elects a leader for a
// stream; a timestamp is all this needs, and it must work on pages that hold no stream.
import { type ServiceReachStore, serviceReach } from './service-reach'

export const PROBE_EVERY_MS = 10_000
/** How often a tab looks whether a probe is due: a fraction of the period, so tabs take turns closely. */
const LOOK_EVERY_MS = 2_000
export const LAST_PROBE_KEY = 'voice-dashboard:service-probe-at'
export const SERVICE_BACK_KEY = 'voice-dashboard:service-back-at'

interface ProbeOptions {
  /** One read of the service; its outcome reaches `reach` through the client. */
  probe: () => Promise<unknown>
  reach?: ServiceReachStore
  storage?: Storage
  now?: () => number
  /** A hidden tab leaves probing to the visible ones (its reads recover on focus anyway). */
  hidden?: () => boolean
  lookEveryMs?: number
}

export function probeWhileUnreachable({
  probe,
  reach = serviceReach,
  storage = window.localStorage,
  now = () => Date.now(),
  hidden = () => document.hidden,
  lookEveryMs = LOOK_EVERY_MS,
}: ProbeOptions): () => void {
  const readTime = (key: string) => Number(safely(() => storage.getItem(key)) ?? 0) || 0
  // This tab's own last probe too, should storage refuse to keep it.
  let probedAt = 0
  const look = () => {
    if (reach.down() === null || hidden()) return
    if (now() - Math.max(probedAt, readTime(LAST_PROBE_KEY)) < PROBE_EVERY_MS) return
    probedAt = now()
    safely(() => storage.setItem(LAST_PROBE_KEY, String(probedAt)))
    probe().catch(() => {})
  }
  const timer = setInterval(look, lookEveryMs)
  // This tab saw the service back: the others hear it and read again what failed for them.
  // (Only a change is told: reachable now is back.)
  const unsubscribe = reach.subscribe(() => {
    if (reach.down() === null) safely(() => storage.setItem(SERVICE_BACK_KEY, String(now())))
  })
  const heard = (event: StorageEvent) => {
    if (event.key === SERVICE_BACK_KEY && event.newValue) reach.sawAnswer()
  }
  window.addEventListener('storage', heard)
  return () => {
    clearInterval(timer)
    unsubscribe()
    window.removeEventListener('storage', heard)
  }
}

/** Storage may be refused (a private mode, a full quota): the tab then keeps its own time. */
function safely<T>(use: () => T): T | null {
  try {
    return use()
  } catch {
    return null
  }
}
