// The console's one call index sync, from its settings: none without an API key (nothing to list). With several
// instances on one store, it runs where the `call-index` lease is held, and moves to another instance within
// 5 s of its holder dying; every instance answers the index's state and takes a backfill request.
import { runWhileLeased } from '../../cluster/leased-work'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import { startBackfill } from './backfill'
import { type CallIndexSync, startCallIndexSync } from './call-index-sync'
import { createIndexUpstream } from './index-upstream'
import { readIndexState } from './read-index-state'

export const CALL_INDEX_LEASE = 'call-index'

export function startConsoleCallIndex(options: {
  upstream: string
  apiKey: string | null
  store: ConsoleStore
  upstreamRps: number
  /** This instance's id among those sharing the store (cluster/instance-id.ts). */
  instanceId: string
  logger?: Logger
  onCallEnded?: (createdAtMs: number | null, callId: string) => void
  /** Each upstream answer's status, for the console's metrics. */
  onUpstreamAnswer?: (status: number | null) => void
}): (CallIndexSync & { leaseHeld(): boolean }) | null {
  const apiKey = options.apiKey?.trim()
  if (!apiKey) return null
  const { store } = options
  const leased = runWhileLeased({
    store,
    name: CALL_INDEX_LEASE,
    holder: options.instanceId,
    logger: options.logger,
    start: () =>
      startCallIndexSync({
        store,
        upstream: createIndexUpstream({ upstream: options.upstream, apiKey, onAnswer: options.onUpstreamAnswer }),
        rps: options.upstreamRps,
        logger: options.logger,
        onCallEnded: options.onCallEnded,
      }),
  })
  return {
    // Where another instance syncs, the store's counts and progress, without that instance's news of the upstream.
    state: () => leased.current()?.state() ?? readIndexState(store, { failing: null, keyRefused: false }),
    async requestBackfill() {
      const sync = leased.current()
      if (sync) return sync.requestBackfill()
      const row = await store.callIndexSync.read()
      if (row.backfill_running) return false
      // The holder finds it running at its next step.
      await startBackfill(store, row.watermark)
      return true
    },
    leaseHeld: () => leased.held(),
    close: () => leased.close(),
  }
}
