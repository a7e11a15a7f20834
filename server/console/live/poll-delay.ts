// How often a call in flight is polled: every interval at first, less often once it has gone on a
// while (in the simulator, as in many dialers, a call in conversation still reports DIALER_RINGING),
// so a few long calls do not spend the upstream budget that new calls need.

const MINUTE = 60_000

export function pollDelayMs(intervalMs: number, inFlightForMs: number): number {
  if (inFlightForMs < MINUTE) return intervalMs
  if (inFlightForMs < 5 * MINUTE) return intervalMs * 2
  return intervalMs * 5
}
