// Whether the voice service answers, as this tab last saw it: the one source the header's indicator, the pages'
// recovery and the background probe read. Every voice API read writes it (client.ts), and so do the live stream's
// "trouble" and "recovered" (the console's hub reads the service for everyone) and an admin's upstream check.

export type ServiceReach = { reachable: true; since: number } | { reachable: false; since: number; reason: string }

export interface ServiceReachStore {
  get(): ServiceReach
  /** The service answered (any answer but a 5xx, a 4xx included: it is there to say no). */
  sawAnswer(): void
  /** No answer, or a 5xx: the service (or the console's way to it) is down, in words. */
  sawFailure(reason: string): void
  /** Told of each change between reachable and not (not of every read). */
  subscribe(listener: () => void): () => void
}

export function createServiceReach(now: () => number = () => Date.now()): ServiceReachStore {
  let reach: ServiceReach = { reachable: true, since: now() }
  const listeners = new Set<() => void>()
  const become = (next: ServiceReach) => {
    reach = next
    for (const listener of listeners) listener()
  }
  return {
    get: () => reach,
    sawAnswer() {
      if (!reach.reachable) become({ reachable: true, since: now() })
    },
    sawFailure(reason) {
      if (reach.reachable) become({ reachable: false, since: now(), reason })
      // Still down: the newest words, without telling anyone (nothing changed for them).
      else reach = { ...reach, reason }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The tab's one store. */
export const serviceReach: ServiceReachStore = createServiceReach()

/** Which failures of a read say the service is not there (as opposed to an answer that says no). */
export function isUnreachableStatus(status: number): boolean {
  return status >= 500
}
