// Work that one console instance does for all (the live hub's polls, the index sync, the alert rules) runs
// where the lease is held. Every instance tries to take it every `renewMs`; the holder renews it for `ttlMs`.
// A holder that dies stops renewing, and another takes the lease within ttlMs + renewMs (under 5 s with the
// defaults). A holder that cannot renew (its store unreachable) counts itself out before its lease expires,
// so two instances never both believe they hold it.
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'

export const LEASE_TTL_MS = 3_000
const LEASE_RENEW_MS = 1_000

export interface LeaseOptions {
  store: Pick<ConsoleStore, 'leases'>
  name: string
  holder: string
  /** Called when this instance starts or stops holding the lease (never twice in a row with the same value). */
  onChange: (held: boolean) => void
  logger?: Logger
  ttlMs?: number
  renewMs?: number
  now?: () => number
}

export interface HeldLease {
  held(): boolean
  /** Stops trying and gives the lease up at once, so another instance takes it without waiting. */
  close(): Promise<void>
}

export function holdLease(options: LeaseOptions): HeldLease {
  const { store, name, holder, onChange, logger } = options
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS
  const renewMs = options.renewMs ?? LEASE_RENEW_MS
  const now = options.now ?? Date.now
  let held = false
  /** Until when this instance may act on the lease: from when its last renewal was sent, not answered. */
  let validUntil = 0
  let closed = false
  let running: Promise<void> = Promise.resolve()

  const set = (value: boolean) => {
    if (value === held) return
    held = value
    logger?.info({ msg: value ? 'lease taken' : 'lease given up', lease: name, holder })
    onChange(value)
  }

  const attempt = async () => {
    const sentAt = now()
    try {
      // The store judges expiry by its own clock; this instance's serves only to stop acting in time.
      const lease = await store.leases.acquire(name, holder, ttlMs)
      if (closed) return
      if (lease.holder === holder) {
        validUntil = sentAt + ttlMs
        set(true)
      } else set(false)
    } catch (error) {
      logger?.error({ msg: 'lease could not be renewed', lease: name, error: String(error) })
      // Kept while it is surely still ours: the margin of one renewal leaves room for the next attempt.
      if (now() >= validUntil - renewMs) set(false)
    }
  }

  const tick = () => {
    running = running.then(attempt)
  }
  tick()
  const timer = setInterval(tick, renewMs)
  timer.unref()

  return {
    held: () => held && now() < validUntil,
    close: async () => {
      closed = true
      clearInterval(timer)
      await running
      set(false)
      // Released even when not yet counted as held: a renewal answered after close began took the lease in the
      // store without this instance knowing (the store releases only a lease this holder holds).
      await store.leases.release(name, holder).catch(() => {})
    },
  }
}
