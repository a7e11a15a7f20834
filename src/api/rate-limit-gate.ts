// When the service answers "come back after Retry-After", that holds for every
// request of this client, not only the refused one: polls and other queries sent
// meanwhile would be refused too, and would only use up the limit again.
import { abortableSleep } from '@/lib/abortable-sleep'

/** The statuses whose Retry-After speaks for the whole service (RFC 9110 §10.2.3, RFC 6585 §4). */
export const STATUSES_THAT_HOLD_EVERY_REQUEST: ReadonlySet<number> = new Set([429, 503])

export interface RateLimitGate {
  /** No request is sent before `ms` from now. A shorter hold never cuts a longer one short. */
  hold(ms: number): void
  /** Resolves once every hold has passed; rejects with the signal's reason if it is aborted first. */
  wait(signal?: AbortSignal): Promise<void>
  /** Forgets any hold, so each test starts from an open gate. */
  clear(): void
  /** When the gate opens again (epoch ms); at or before now when it is open. */
  openAt(): number
  /** Told of each new hold (and of a clear), so a page can say that requests wait and until when. */
  subscribe(listener: () => void): () => void
}

export function createRateLimitGate(now: () => number = () => Date.now()): RateLimitGate {
  let openAt = 0
  const listeners = new Set<() => void>()
  const tell = () => {
    for (const listener of listeners) listener()
  }
  return {
    hold(ms) {
      const before = openAt
      openAt = Math.max(openAt, now() + ms)
      if (openAt !== before) tell()
    },
    async wait(signal) {
      signal?.throwIfAborted()
      // A 429 may arrive while we sleep and push openAt later: look again after each sleep.
      for (let remaining = openAt - now(); remaining > 0; remaining = openAt - now()) {
        await abortableSleep(remaining, signal)
      }
    },
    clear() {
      openAt = 0
      tell()
    },
    openAt: () => openAt,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The one gate every apiRequest passes. */
export const rateLimitGate = createRateLimitGate()
