// Per-user fairness: the voice API limits the company's key as a whole, so one person
// (or a runaway tab) is slowed down here, well before the shared budget is spent.
// A token bucket per user: `perMinute` requests a minute, in bursts of up to a tenth of that. The buckets live
// in the store, so a person's pace is counted across every console instance together. A write to the store on
// every request cost more than the rest of a proxied read, so each instance takes a person's tokens a share of
// the burst at a time (a lease), serves them from memory, and gives back what it has not used after LEASE_MS: long
// enough that a tab polling once a second spends a lease before it lapses, even spread by a balancer over up to three
// instances (a second was not: every poll then took a lease and gave most of it back, two round trips per read on
// PostgreSQL; nor was 10 s behind two instances: a lease of 6 lasted 12 s there, so each lapsed with one token to
// give back, a take and a give-back for every 5 reads).
// Served requests never exceed what was taken from the shared bucket, so no instance lets a person past the limit;
// while another instance holds part of it, a person may be refused up to that part early (README: "Running
// several instances").
import type { MiddlewareHandler } from 'hono'
import { secondsUntilToken } from '../../shared/token-bucket'
import type { SessionEnv } from '../auth'
import type { ConsoleStore } from '../store'
import { sendProblem } from './problem'

export interface RateDecision {
  allowed: boolean
  retryAfterSeconds: number
}

export type UserRateLimiter = ReturnType<typeof createUserRateLimiter>

/** How long an instance keeps tokens it took and has not used, before it gives them back. */
export const LEASE_MS = 20_000
/** How often lapsed leases are looked for: a lapsed lease's tokens are back within this. */
const SWEEP_MS = 1_000
/** The share of a person's burst an instance takes from the shared bucket at once. */
const LEASE_SHARE = 5

interface Lease {
  left: number
  until: number
}

/** `name` keeps this limit's buckets apart from another's (the voice API's and the console's queries'). */
export function createUserRateLimiter(
  store: Pick<ConsoleStore, 'personRates'>,
  name: string,
  perMinute: number,
  now: () => number = Date.now,
) {
  const capacity = Math.max(10, Math.ceil(perMinute / 10))
  const perMs = perMinute / 60_000
  const policy = { capacity, perMs }
  const leaseSize = Math.max(1, Math.floor(capacity / LEASE_SHARE))
  // This instance's leases and trips to the store, by person: the store's bucket of a person is `name:userId`, a
  // key built only for a trip (a string built at every request is garbage at every request).
  const leases = new Map<string, Lease>()
  const bucketOf = (userId: string) => `${name}:${userId}`

  // Unused tokens go back once their lease lapses, so another instance can serve them.
  const giveBackLapsed = () => {
    const at = now()
    for (const [userId, lease] of leases) {
      if (lease.until > at) continue
      leases.delete(userId)
      // A store that cannot take them back loses them: the person is paced a little harder for a second.
      if (lease.left > 0) void store.personRates.giveBack(bucketOf(userId), lease.left, policy).catch(() => {})
    }
  }
  setInterval(giveBackLapsed, SWEEP_MS).unref()

  async function fromStore(userId: string, at: number): Promise<RateDecision> {
    const key = bucketOf(userId)
    // A lease when the bucket holds one, else a single token near the limit, else the wait for the next token.
    if (leaseSize > 1 && (await store.personRates.take(key, at, policy, leaseSize)).taken) {
      const lease = leases.get(userId)
      // The tokens just taken are held LEASE_MS from now, with what is left of the lease: a lease topped up before
      // it lapsed is spent rather than given back in part at its first taking's lapse.
      if (lease && lease.until > at) {
        lease.left += leaseSize - 1
        lease.until = at + LEASE_MS
      } else {
        // A lapsed lease's unused tokens go back, as giveBackLapsed would have given them.
        if (lease && lease.left > 0) void store.personRates.giveBack(key, lease.left, policy).catch(() => {})
        leases.set(userId, { left: leaseSize - 1, until: at + LEASE_MS })
      }
      return ALLOWED
    }
    const taken = await store.personRates.take(key, at, policy)
    if (taken.taken) return ALLOWED
    return { allowed: false, retryAfterSeconds: secondsUntilToken(taken.tokens, policy) }
  }

  /** The trip to the store under way for a person: requests that arrive meanwhile wait for its lease. */
  const refills = new Map<string, Promise<RateDecision>>()

  /**
   * A token from this instance's lease, if it holds one now: no promise and no trip to the store (the fast path of
   * proxied reads asks this first). False says only that `take` must decide.
   */
  function takeLeased(userId: string): boolean {
    const lease = leases.get(userId)
    if (!lease || lease.left < 1 || lease.until <= now()) return false
    lease.left -= 1
    return true
  }

  function take(userId: string): Promise<RateDecision> {
    if (takeLeased(userId)) return Promise.resolve(ALLOWED)
    // One trip at a time per person: six requests at once would otherwise each take a lease, a whole burst.
    const inFlight = refills.get(userId)
    if (inFlight) return inFlight.then(() => take(userId))
    const refill = fromStore(userId, now()).finally(() => refills.delete(userId))
    refills.set(userId, refill)
    return refill
  }

  /**
   * Charges `tokens` more for work a request has caused (its terms, its time), from this instance's lease first
   * and the rest from the shared bucket, into debt if need be: the person's next requests wait it out.
   */
  async function charge(userId: string, tokens: number): Promise<void> {
    let owed = tokens
    const lease = leases.get(userId)
    if (lease && lease.until > now()) {
      const fromLease = Math.min(lease.left, owed)
      lease.left -= fromLease
      owed -= fromLease
    }
    if (owed > 0) await store.personRates.spend(bucketOf(userId), now(), policy, owed)
  }

  return {
    take,
    takeLeased,
    charge,
    /** How long a bucket takes to fill from empty: an untouched row older than this is the same as none. */
    refillMs: Math.ceil(policy.capacity / policy.perMs),
  }
}

const ALLOWED: RateDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0 })

/** The console's own heavy endpoints (search, export, audit, views, placed-by) paced per person; after the session. */
export function pacedPerPerson(limiter: UserRateLimiter): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const decision = await limiter.take(c.get('session').userId)
    c.set('paced', true)
    if (decision.allowed) return next()
    c.header('Retry-After', String(decision.retryAfterSeconds))
    return sendProblem(
      c,
      429,
      'Too many requests',
      `You are searching, exporting or listing faster than the console allows for one person. Wait ${decision.retryAfterSeconds} s and try again.`,
    )
  }
}
