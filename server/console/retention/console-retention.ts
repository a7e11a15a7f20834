// The console's retention prune, from its settings: none while every window is unset (an upgrade deletes nothing).
// With several instances on one store it runs where the `retention-prune` lease is held, so one instance prunes.
import type { AuditLog } from '../audit/audit-log'
import { runWhileLeased } from '../cluster/leased-work'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { startRetentionPrune } from './retention-prune'
import { prunesRows, type RetentionWindows } from './retention-windows'

export const RETENTION_LEASE = 'retention-prune'

export interface ConsoleRetentionOptions {
  store: ConsoleStore
  audit: Pick<AuditLog, 'record'>
  retention: RetentionWindows
  /** This instance's id among those sharing the store (cluster/instance-id.ts). */
  instanceId: string
  now: () => number
  logger?: Logger
  /** A day, unless a test says otherwise. */
  everyMs?: number
}

export function startConsoleRetention(options: ConsoleRetentionOptions) {
  if (!prunesRows(options.retention)) return null
  const leased = runWhileLeased({
    store: options.store,
    name: RETENTION_LEASE,
    holder: options.instanceId,
    logger: options.logger,
    // Taking the lease prunes at once: a holder that went away mid-day hands its day over, at worst a prune early.
    start: () => startRetentionPrune({ ...options, windows: options.retention }),
  })
  return {
    leaseHeld: () => leased.held(),
    /** Settles once this instance's prune under way, if any, has finished (tests). */
    settled: async () => {
      await leased.current()?.settled()
    },
    close: () => leased.close(),
  }
}
