// `audit verify`: walks the whole trail oldest first and checks every link of the chain.
import type { ConsoleStore } from '../store'
import { entryHash, GENESIS_HASH } from '../store/audit-chain'
import type { AuditRow } from '../store/schema'

export type VerifyResult =
  | { ok: true; entries: number; firstSeq: number | null; lastSeq: number | null; lastHash: string | null }
  | { ok: false; entries: number; brokenSeq: number; reason: string; entry: AuditRow | null }

const BATCH = 1000

/** Where the oldest entry kept must chain from: the start, or the last prune's checkpoint. */
async function expectedStart(store: ConsoleStore, first: AuditRow): Promise<string | null> {
  if (first.seq === 1) return first.prev_hash === GENESIS_HASH ? null : 'the first entry does not start the chain'
  const checkpoint = await store.audit.latestOfAction('audit.pruned')
  const detail = checkpoint?.detail ? (JSON.parse(checkpoint.detail) as Record<string, unknown>) : null
  if (!detail || detail.firstKeptSeq !== first.seq) {
    return `entries before ${first.seq} were removed, and no retention checkpoint says so`
  }
  if (detail.continuesFrom !== first.prev_hash) {
    return `entry ${first.seq} does not continue from the hash its retention checkpoint names`
  }
  return null
}

export async function verifyAuditTrail(store: ConsoleStore): Promise<VerifyResult> {
  let previous: AuditRow | null = null
  let entries = 0
  let firstSeq: number | null = null
  for (;;) {
    const rows = await store.audit.ascending(previous?.seq ?? 0, BATCH)
    for (const row of rows) {
      entries++
      let reason: string | null
      if (!previous) {
        firstSeq = row.seq
        reason = await expectedStart(store, row)
      } else if (row.seq !== previous.seq + 1) {
        reason = `entries ${previous.seq + 1} to ${row.seq - 1} are missing: removed outside a retention prune`
      } else if (row.prev_hash !== previous.hash) {
        reason = `entry ${row.seq} does not chain to entry ${previous.seq}: one of them was replaced or the entries were reordered`
      } else {
        reason = null
      }
      const { hash, ...unsigned } = row
      if (!reason && entryHash(unsigned) !== hash) {
        reason = `entry ${row.seq} was changed after it was written: its contents no longer match its hash`
      }
      if (reason) return { ok: false, entries, brokenSeq: row.seq, reason, entry: row }
      previous = row
    }
    if (rows.length < BATCH) break
  }
  return { ok: true, entries, firstSeq, lastSeq: previous?.seq ?? null, lastHash: previous?.hash ?? null }
}
