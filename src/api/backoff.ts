// How long to wait before trying again when the service did not say: one rule for the client's
// rate-limit waits (client.ts) and the retries of reads and submissions (retry.ts).

const BASE_DELAY_MS = 500
const MAX_DELAY_MS = 20_000

/** "Equal jitter": half the capped exponential delay, plus a random part of the other half. */
export function backoffMs(failureCount: number, random: () => number = Math.random): number {
  const capped = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** failureCount)
  return capped / 2 + random() * (capped / 2)
}
