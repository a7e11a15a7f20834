// Whether the voice service answers, as this tab last saw it: the one source the header's indicator, the pages'
// recovery and the background probe read. Every voice API read writes it (client.ts), and so do the live stream's
// "trouble" and "recovered" (the console's hub reads the service for everyone) and an admin's upstream check.
// Small on purpose: it is in every page's first JavaScript.

const listeners = new Set<() => void>()
/** Why the service is not reachable, in words; null while it answers. */
let down: string | null = null
let since = Date.now()

function become(reason: string | null) {
  const changed = (down === null) !== (reason === null)
  down = reason
  if (!changed) return
  since = Date.now()
  for (const listener of listeners) listener()
}

export const serviceReach = {
  /** The reason it is down, or null: a string, so that useSyncExternalStore compares it as it is. */
  down: (): string | null => down,
  /** Since when it has been as it is now (epoch ms). */
  since: (): number => since,
  /** The service answered (any answer but a 5xx, a 4xx included: it is there to say no). */
  sawAnswer: (): void => become(null),
  /** No answer, or a 5xx: the service (or the console's way to it) is down, in words. Only a change is told. */
  sawFailure: (reason: string): void => become(reason),
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
export type ServiceReachStore = typeof serviceReach
