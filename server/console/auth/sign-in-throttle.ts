// Throttles failed sign-ins per account and per client address. After too many
// failures within the window, the key is locked for a while; the answer says until when.
import type { ConsoleStore } from '../store'

export interface ThrottlePolicy {
  /** Failures allowed per account within the window before it locks. */
  accountFailures: number
  /** Failures allowed per address within the window (an address may try many accounts). */
  ipFailures: number
  windowMs: number
  lockMs: number
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  accountFailures: 5,
  ipFailures: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
}

export function createSignInThrottle(store: ConsoleStore, policy: ThrottlePolicy, now: () => number) {
  const keysOf = (email: string, ip: string) => [
    { key: `account:${email.trim().toLowerCase()}`, limit: policy.accountFailures },
    { key: `ip:${ip}`, limit: policy.ipFailures },
  ]

  return {
    /** The time the lock ends, when either the account or the address is locked now. */
    async lockedUntil(email: string, ip: string): Promise<number | null> {
      let until: number | null = null
      for (const { key } of keysOf(email, ip)) {
        const row = await store.throttle.get(key)
        if (row?.locked_until && row.locked_until > now()) until = Math.max(until ?? 0, row.locked_until)
      }
      return until
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      const at = now()
      for (const { key, limit } of keysOf(email, ip)) {
        const row = await store.throttle.get(key)
        const fresh = !row || at - row.window_started_at >= policy.windowMs
        const failures = fresh ? 1 : row.failures + 1
        await store.throttle.put({
          key,
          failures,
          window_started_at: fresh ? at : row.window_started_at,
          locked_until: failures >= limit ? at + policy.lockMs : null,
        })
      }
    },

    /** A success clears the account's count; the address keeps its own. */
    async recordSuccess(email: string): Promise<void> {
      await store.throttle.clear(`account:${email.trim().toLowerCase()}`)
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
