// Every instance's own lease, `instance:<its id>`, held for as long as it runs: what tells a PostgreSQL restore
// (backup/postgres-instances.ts) that consoles still use the database, whatever work they do. The shared leases
// (the live hub, the call index, the alert rules) are held by one instance at a time, and by none without a voice
// API key or with that work turned off.
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { holdLease } from './lease'

export const PRESENCE_LEASE_PREFIX = 'instance:'

const HOUR_MS = 60 * 60_000
// A row outlives its instance: expired by a clean stop, it goes at the next sweep; a crashed one's a day after its
// last renewal (a restore still sees it stopped as soon as its lease time has passed).
const KEEP_STOPPED_MS = 24 * HOUR_MS

export function announceInstance(options: {
  store: Pick<ConsoleStore, 'leases'>
  instanceId: string
  logger: Logger
  now?: () => number
}) {
  const { store, logger } = options
  const now = options.now ?? Date.now
  const lease = holdLease({
    store,
    name: `${PRESENCE_LEASE_PREFIX}${options.instanceId}`,
    holder: options.instanceId,
    logger,
    onChange: () => {},
  })
  const forgetStopped = () =>
    store.leases
      .forgetExpired(PRESENCE_LEASE_PREFIX, now() - KEEP_STOPPED_MS)
      .catch((error) => logger.error({ msg: 'could not forget stopped instances', error: String(error) }))
  void forgetStopped()
  const sweep = setInterval(forgetStopped, HOUR_MS)
  sweep.unref()
  return {
    /** Gives its lease up at once: from then on a restore no longer counts this instance. */
    close: async () => {
      clearInterval(sweep)
      await lease.close()
    },
  }
}
