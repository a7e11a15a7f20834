import { createLruCache } from '../../shared/lru-cache'
import type { CallStatusResponse } from '../contract/schemas'
import type { Queries } from '../db/queries'
import { callStateAt } from '../domain/call-plan'
import { toTimestamp } from '../domain/time'
import { planOf } from './call-views'

interface Entry {
  accountId: string
  plan: ReturnType<typeof planOf>
  /** The plan's transition times, formatted once so a poll formats nothing. */
  stamps: { created: string; ringing: string; ended: string }
}

// About 500 bytes an entry, so at most about 5 MB of the process: polls are for the few calls
// someone is watching, and a miss costs one indexed lookup.
const MAX_ENTRIES = 10_000

function updatedStamp({ plan, stamps }: Entry, updatedAtMs: number): string {
  if (updatedAtMs === plan.endedAtMs) return stamps.ended
  return updatedAtMs === plan.ringingAtMs ? stamps.ringing : stamps.created
}

/**
 * The status poll is the hot path. A call's plan never changes after creation, so plans are
 * kept in memory once read (one indexed lookup on a miss); the status itself is still
 * computed from the plan and the clock on every request.
 */
export function createStatusLookup(queries: Queries, maxEntries = MAX_ENTRIES) {
  const entries = createLruCache<string, Entry>(maxEntries)
  return function callStatus(callId: string, accountId: string, now: number): CallStatusResponse | undefined {
    let entry = entries.get(callId)
    if (!entry) {
      const row = queries.calls.findStateAnyAccount(callId)
      if (!row) return undefined
      entry = {
        accountId: row.account_id,
        plan: planOf(row),
        stamps: {
          created: toTimestamp(row.created_at_ms),
          ringing: toTimestamp(row.ringing_at_ms),
          ended: toTimestamp(row.ended_at_ms),
        },
      }
      entries.set(callId, entry)
    }
    // Another account's call is answered exactly like an unknown one.
    if (entry.accountId !== accountId) return undefined
    const state = callStateAt(entry.plan, now)
    return {
      call_id: callId,
      status: state.status,
      duration_seconds: state.durationSeconds,
      started_at: entry.stamps.created,
      updated_at: updatedStamp(entry, state.updatedAtMs),
    }
  }
}
