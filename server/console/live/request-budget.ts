// The console's budget of upstream requests (CONSOLE_UPSTREAM_RPS). A token bucket holding a second's
// worth can send its full burst and then a second's refill in the same second (twice the budget), so the
// budget keeps the start times of the last `perSecond` requests instead: never more in any one second.

const WINDOW_MS = 1000

export interface RequestBudget {
  /** True, and the request counted, when one more may start now. */
  tryTake(): boolean
}

export function createRequestBudget(perSecond: number, now: () => number): RequestBudget {
  if (!Number.isInteger(perSecond) || perSecond < 1) throw new Error(`perSecond must be a positive integer`)
  // A ring of the last `perSecond` start times; `oldest` is the slot the next start overwrites.
  const starts: number[] = []
  let oldest = 0
  return {
    tryTake() {
      const time = now()
      if (starts.length < perSecond) {
        starts.push(time)
        return true
      }
      if (time - (starts[oldest] ?? 0) < WINDOW_MS) return false
      starts[oldest] = time
      oldest = (oldest + 1) % perSecond
      return true
    },
  }
}
