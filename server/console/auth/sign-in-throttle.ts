// Throttles failed sign-ins (OWASP Authentication and Credential Stuffing cheat sheets), on three keys:
// - the address: after `addressFreeFailures` failures each next attempt waits 1, 2, 4… s (up to
//   `addressMaxDelayMs`), and after `addressBlockFailures` the address is blocked for `lockMs`. Only
//   failures count, and the wait is the same whatever the account, so it leaks nothing about passwords;
//   a colleague behind the same address is delayed by seconds, not locked out, until the block.
// - the account: `accountFailures` failures lock it for `lockMs`, for unknown browsers only.
// - the device cookie: a browser that signed in to the account before is spared both of the above
//   (the owner cannot be kept out by strangers); it has its own `deviceFailures`, then is unknown again.
import { randomUUID } from 'node:crypto'
import { addressGroup } from '../http/address-group'
import type { ConsoleStore } from '../store'
import type { ThrottleRow } from '../store/schema'

export interface ThrottlePolicy {
  accountFailures: number
  deviceFailures: number
  /** Failures from one address within the window before its attempts are spaced out. */
  addressFreeFailures: number
  addressMaxDelayMs: number
  /** Failures from one address within the window before it is blocked for lockMs. */
  addressBlockFailures: number
  windowMs: number
  lockMs: number
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  accountFailures: 5,
  deviceFailures: 5,
  addressFreeFailures: 10,
  addressMaxDelayMs: 16_000,
  // ~10 minutes of guessing at the longest delay gets there: ~50 guesses per address per 25 minutes.
  addressBlockFailures: 50,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
}

/** Why an attempt was not checked; each names an audit action when it starts. */
export type ThrottleState = 'address-throttled' | 'address-blocked' | 'account-locked' | 'device-locked'

export interface StartedState {
  state: ThrottleState
  until: number
}

export interface Refusal {
  /** `checking`: another attempt on the account is being checked; it starts nothing, so it is not audited. */
  state: Exclude<ThrottleState, 'device-locked'> | 'checking'
  until: number
}

export interface Attempt {
  email: string
  ip: string
  /** The nonce of a valid, unlocked device cookie for the account; null for an unknown browser. */
  device: string | null
}

// Longer than any password check (scrypt takes well under a second), short enough that a crash mid-check
// holds nobody up for long.
const CHECK_CLAIM_TTL_MS = 10_000

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`
const addressKey = (ip: string) => `ip:${addressGroup(ip)}`
const deviceKey = (nonce: string) => `device:${nonce}`

export function createSignInThrottle(store: ConsoleStore, policy: ThrottlePolicy, now: () => number) {
  const live = (row: ThrottleRow | undefined, at: number) =>
    row && at - row.window_started_at < policy.windowMs ? row : undefined

  /** Adds one failure and sets the lock the new count calls for; returns the count. */
  const count = async (key: string, lockFor: (failures: number, at: number) => number | null) => {
    const at = now()
    const row = live(await store.throttle.get(key), at)
    const failures = (row?.failures ?? 0) + 1
    const wasLocked = (row?.locked_until ?? 0) > at
    const until = lockFor(failures, at)
    await store.throttle.put({ key, failures, window_started_at: row?.window_started_at ?? at, locked_until: until })
    return { failures, wasLocked, until: until ?? at }
  }

  const addressLock = (failures: number, at: number) => {
    if (failures >= policy.addressBlockFailures) return at + policy.lockMs
    if (failures < policy.addressFreeFailures) return null
    return at + Math.min(1000 * 2 ** (failures - policy.addressFreeFailures), policy.addressMaxDelayMs)
  }
  const stateOf = async ({ email, ip }: Attempt, at: number) => {
    const address = await store.throttle.get(addressKey(ip))
    const slowed = (live(address, at)?.failures ?? 0) >= policy.addressFreeFailures
    if (address?.locked_until && address.locked_until > at) {
      const blocked = address.failures >= policy.addressBlockFailures
      const refused: Refusal = { state: blocked ? 'address-blocked' : 'address-throttled', until: address.locked_until }
      return { refused, slowed }
    }
    const account = await store.throttle.get(accountKey(email))
    if (account?.locked_until && account.locked_until > at)
      return { refused: { state: 'account-locked', until: account.locked_until } as Refusal, slowed }
    return { refused: null, slowed }
  }

  const lockAt = (limit: number) => (failures: number, at: number) => (failures >= limit ? at + policy.lockMs : null)

  return {
    /**
     * Whether the password may be checked now; a known browser is never refused here. Admitted, `done()`
     * must follow the failure or success being recorded: until then a second attempt on the same account
     * (or from an address already being slowed) waits a second, so a burst sent at once cannot have
     * hundreds of passwords checked before the first failure is counted.
     */
    async admit(attempt: Attempt): Promise<{ refused: Refusal } | { done: () => Promise<void> }> {
      if (attempt.device) return { done: async () => {} }
      const at = now()
      const { refused, slowed } = await stateOf(attempt, at)
      if (refused) return { refused }
      const keys = [accountKey(attempt.email), ...(slowed ? [addressKey(attempt.ip)] : [])]
      // Claimed in the store, so a burst spread over several console instances waits all the same; a claim
      // left by an instance that died lapses after CHECK_CLAIM_TTL_MS.
      const holder = randomUUID()
      for (const key of keys) {
        if (await store.personClaims.claim(`checking:${key}`, holder, at, CHECK_CLAIM_TTL_MS)) continue
        await store.personClaims.release(holder)
        return { refused: { state: 'checking', until: at + 1000 } }
      }
      return { done: () => store.personClaims.release(holder) }
    },

    /** After a failure was recorded: whether the account or address now refuses this browser. */
    async refusal(attempt: Attempt): Promise<Refusal | null> {
      return attempt.device ? null : ((await stateOf(attempt, now())).refused ?? null)
    },

    /** Whether this device cookie has used up its own failures. */
    async deviceLocked(nonce: string): Promise<boolean> {
      const row = await store.throttle.get(deviceKey(nonce))
      return (row?.locked_until ?? 0) > now()
    },

    /** Counts a wrong password; returns the states this failure started, each to be audited once. */
    async recordFailure({ email, ip, device }: Attempt): Promise<StartedState[]> {
      if (device) {
        const { failures, until } = await count(deviceKey(device), lockAt(policy.deviceFailures))
        return failures >= policy.deviceFailures ? [{ state: 'device-locked', until }] : []
      }
      const started: StartedState[] = []
      const account = await count(accountKey(email), lockAt(policy.accountFailures))
      if (account.failures >= policy.accountFailures && !account.wasLocked)
        started.push({ state: 'account-locked', until: account.until })
      const address = await count(addressKey(ip), addressLock)
      if (address.failures === policy.addressFreeFailures)
        started.push({ state: 'address-throttled', until: address.until })
      if (address.failures >= policy.addressBlockFailures && !address.wasLocked)
        started.push({ state: 'address-blocked', until: address.until })
      return started
    },

    /** A success clears the account's count and the device's; the address keeps its own (one good password must not wash many guesses). */
    async recordSuccess({ email, device }: Pick<Attempt, 'email' | 'device'>): Promise<void> {
      await store.throttle.clear(accountKey(email))
      if (device) await store.throttle.clear(deviceKey(device))
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
