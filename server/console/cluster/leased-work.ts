// Runs a loop only while this instance holds its lease: started when the lease is taken, stopped (and waited
// for) when it is lost or the instance closes. With one instance the lease is taken on the first attempt, at
// once, so the loop starts as it did before there were leases.
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { holdLease, type LeaseOptions } from './lease'

export interface LeasedWork<T extends { close(): Promise<void> }> {
  /** The loop, while this instance runs it. */
  current(): T | null
  /** Whether this instance holds the lease now (for /metrics). */
  held(): boolean
  /** Stops the loop, then gives the lease up, so the next holder never overlaps this one's last step. */
  close(): Promise<void>
}

export function runWhileLeased<T extends { close(): Promise<void> }>(options: {
  store: Pick<ConsoleStore, 'leases'>
  name: string
  holder: string
  start: () => T
  logger?: Logger
  lease?: Pick<LeaseOptions, 'ttlMs' | 'renewMs'>
}): LeasedWork<T> {
  let work: T | null = null
  let closing = false
  // Starts and stops in the order the lease changed: a stop always ends before the next start.
  let changes: Promise<void> = Promise.resolve()
  const stop = async () => {
    const stopping = work
    work = null
    await stopping
      ?.close()
      .catch((error) => options.logger?.error({ msg: 'could not stop', lease: options.name, error: String(error) }))
  }
  const lease = holdLease({
    ...options.lease,
    store: options.store,
    name: options.name,
    holder: options.holder,
    logger: options.logger,
    onChange: (held) => {
      changes = changes.then(async () => {
        if (!held) return stop()
        if (!closing && !work) work = options.start()
      })
    },
  })
  return {
    current: () => work,
    held: () => lease.held(),
    async close() {
      closing = true
      await changes
      await stop()
      await lease.close()
      await changes
    },
  }
}
