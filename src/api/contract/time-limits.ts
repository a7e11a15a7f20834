// How long each side waits, as one fact: the console gives up on the voice service before the
// browser gives up on the console, so a person reads the console's 504 ("the voice service did not
// finish its answer within N seconds") with a Retry, never a bare timeout or an endless skeleton.

/** How long the dashboard waits for any answer of the console before it says the service did not answer. */
export const BROWSER_TIMEOUT_MS = 15_000

/** The console's limit for the voice service's whole answer (CONSOLE_UPSTREAM_TIMEOUT_MS), unless set. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000

/** The most CONSOLE_UPSTREAM_TIMEOUT_MS may be: its 504 must reach the browser before the browser's own wait ends. */
export const MAX_UPSTREAM_TIMEOUT_MS = BROWSER_TIMEOUT_MS - 3_000

/** A recording streams for as long as it takes, but not with more than this between two chunks (CONSOLE_RECORDING_IDLE_MS). */
export const DEFAULT_RECORDING_IDLE_MS = 30_000

/** "10 seconds", "2.5 seconds", "0.15 seconds": a limit as a person reads it. */
export function secondsText(ms: number): string {
  const seconds = Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
}
