// The index's state from the store and the sync's news of the upstream; `null` sync: no API key.
import type { IndexState } from '../../../../src/api/contract/call-index-schemas'
import type { ConsoleStore } from '../../store'
import { indexStateOf } from './index-state'

export async function readIndexState(
  store: ConsoleStore,
  sync: { failing: string | null; keyRefused: boolean; stopped?: readonly string[] } | null,
): Promise<IndexState> {
  // One read of the sync's row: its counts (kept by triggers, where a count(*) of a million calls takes tens of ms)
  // and the backfill's progress, as of one moment. Read apart, a page and the backfill's end could land between
  // them, and an admin was told the backfill had finished with the count from before its last page.
  const row = await store.callIndexSync.read()
  const started = row.backfill_running === 1 || row.backfill_finished_at !== null
  return indexStateOf({
    syncing: sync !== null,
    failing: sync?.failing ?? null,
    keyRefused: sync?.keyRefused ?? false,
    stopped: sync?.stopped ?? [],
    indexed: row.indexed_count,
    pendingDetails: row.pending_details_count,
    syncedTo: row.synced_to,
    backfill: started
      ? {
          running: row.backfill_running === 1,
          listed: row.backfill_listed,
          estimatedTotal: row.backfill_estimated_total,
          finishedAt: row.backfill_finished_at,
        }
      : null,
  })
}
