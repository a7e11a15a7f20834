// The audit trail's head, `SEQ:HASH` of its newest entry, and whether the trail still reaches a head noted earlier.
// The chain shows an entry changed or removed in the middle, but not newest entries cut off (a plain copy of the
// file without its -wal, a restore of an older backup): a head kept outside the database does.
import type { ConsoleStore } from '../store'
import { checkConvertedHead } from './converted-head'

export interface AuditHead {
  seq: number
  hash: string
}

export const formatHead = (head: AuditHead) => `${head.seq}:${head.hash}`

/** `SEQ:HASH` as `audit head` prints it, or null when the text is not one. */
export function parseHead(text: string): AuditHead | null {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim().toLowerCase())
  return match ? { seq: Number(match[1]), hash: match[2] as string } : null
}

export type HeadCheck =
  | { reached: true; how: 'present' | 'pruned' | 'converted'; newestSeq: number; convertedAt?: number }
  | { reached: false; reason: string }

/**
 * Whether the trail reaches `head`: its entry SEQ holds that hash; or it was removed by a retention prune whose
 * checkpoint keeps entries after it (a head noted long ago). Run after the chain verified, which ties every kept
 * entry to the one before it, so an entry SEQ with the noted hash vouches for the whole trail up to it.
 */
export async function checkHead(store: ConsoleStore, head: AuditHead): Promise<HeadCheck> {
  const newest = await store.audit.head()
  if (!newest)
    return { reached: false, reason: `the trail is empty: entry ${head.seq} and every entry before it are missing` }
  if (head.seq > newest.seq)
    return {
      reached: false,
      reason: `entries ${newest.seq + 1} to ${head.seq} are missing: the trail ends at entry ${newest.seq}, before the head noted (a copy or a restore that lost its newest entries)`,
    }
  const entry = await store.audit.bySeq(store.db, head.seq)
  if (entry) {
    if (entry.hash === head.hash) return { reached: true, how: 'present', newestSeq: newest.seq }
    // Migration 0029 hashed the trail again: a head noted before it names the hashes as written.
    const converted = await checkConvertedHead(store, head)
    if (converted?.reached) return { ...converted, how: 'converted', newestSeq: newest.seq }
    if (converted) return converted
    return {
      reached: false,
      reason: `entry ${head.seq} has the hash ${entry.hash}, not ${head.hash}: the trail was rolled back to before it and went on (a restore of an older backup), or it is another console's trail`,
    }
  }
  const checkpoint = await store.audit.latestOfAction('audit.pruned')
  const detail = checkpoint?.detail ? (JSON.parse(checkpoint.detail) as Record<string, unknown>) : null
  const firstKept = typeof detail?.firstKeptSeq === 'number' ? detail.firstKeptSeq : null
  if (firstKept === null || head.seq >= firstKept)
    return { reached: false, reason: `entry ${head.seq} is missing, and no retention checkpoint removed it` }
  // The checkpoint names the hash of the last entry it removed: a head at that very entry is checked in full.
  if (head.seq === firstKept - 1 && detail?.continuesFrom !== head.hash)
    return {
      reached: false,
      reason: `entry ${head.seq} was removed by a retention prune, whose checkpoint names its hash as ${String(detail?.continuesFrom)}, not ${head.hash}`,
    }
  return { reached: true, how: 'pruned', newestSeq: newest.seq }
}
