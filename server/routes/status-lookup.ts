import type { CallStatusResponse } from '../../src/api/schemas'
import type { Queries } from '../db/queries'
import { callStateAt } from '../domain/call-plan'
import { toTimestamp } from '../domain/time'
import { planOf } from './call-views'

interface Entry {
  accountId: string
  plan: ReturnType<typeof planOf>
  /** The formatted transition times, so a poll formats nothing. */
  stamps: Map<number, string>
}

/**
 * The status poll is the hot path. A call's plan never changes after creation, so plans are
 * kept in memory once read (one indexed lookup on a miss); the status itself is still
 * computed from the plan and the clock on every request.
 */
export function createStatusLookup(queries: Queries, maxEntries = 50_000) {
  const entries = new Map<string, Entry>()
  return function callStatus(callId: string, accountId: string, now: number): CallStatusResponse | undefined {
    let entry = entries.get(callId)
    if (!entry) {
      const row = queries.calls.findStateAnyAccount(callId)
      if (!row) return undefined
      const times = [row.created_at_ms, row.ringing_at_ms, row.ended_at_ms]
      entry = {
        accountId: row.account_id,
        plan: planOf(row),
        stamps: new Map(times.map((ms) => [ms, toTimestamp(ms)])),
      }
      entries.set(callId, entry)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value ?? '')
    }
    // Another account's call is answered exactly like an unknown one.
    if (entry.accountId !== accountId) return undefined
    const state = callStateAt(entry.plan, now)
    return {
      call_id: callId,
      status: state.status,
      duration_seconds: state.durationSeconds,
      started_at: entry.stamps.get(entry.plan.createdAtMs) ?? toTimestamp(entry.plan.createdAtMs),
      updated_at: entry.stamps.get(state.updatedAtMs) ?? toTimestamp(state.updatedAtMs),
    }
  }
}
