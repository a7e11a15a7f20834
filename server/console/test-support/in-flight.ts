// Background work a test starts and does not await at once (a listener the call index calls, as the console's own
// start does with a .catch that logs): kept, so that the test awaits it before closing the store under it. A failure
// fails the test there, in its own words, instead of surfacing as an unhandled rejection after the test has ended.
export function inFlight() {
  const pending = new Set<Promise<unknown>>()
  return {
    track<T>(work: Promise<T>): void {
      pending.add(work)
      // Handled here (it is awaited in settle); settled work leaves the set.
      work.then(
        () => pending.delete(work),
        () => undefined,
      )
    },
    /** Resolves once everything tracked has, and throws the first failure. */
    async settle(): Promise<void> {
      await Promise.all([...pending])
    },
  }
}
