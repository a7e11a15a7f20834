import type { CallStatusResponse } from '../../src/api/schemas'
import type { CallStateRow } from '../db/call-queries'
import type { Queries } from '../db/queries'
import { callStateAt } from '../domain/call-plan'
import { toTimestamp } from '../domain/time'

interface Entry {
  accountId: string
  row: CallStateRow
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
      entry = { accountId: row.account_id, row, stamps: new Map(times.map((ms) => [ms, toTimestamp(ms)])) }
      entries.set(callId, entry)
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value ?? '')
    }
    // Another account's call is answered exactly like an unknown one.
    if (entry.accountId !== accountId) return undefined
    const state = callStateAt(
      {
        createdAtMs: entry.row.created_at_ms,
        ringingAtMs: entry.row.ringing_at_ms,
        endedAtMs: entry.row.ended_at_ms,
        outcome: entry.row.outcome,
        durationSeconds: entry.row.duration_seconds,
        billedMinutes: entry.row.billed_minutes,
      },
      now,
    )
    return {
      call_id: callId,
      status: state.status,
      duration_seconds: state.durationSeconds,
      started_at: entry.stamps.get(entry.row.created_at_ms) ?? toTimestamp(entry.row.created_at_ms),
      updated_at: entry.stamps.get(state.updatedAtMs) ?? toTimestamp(state.updatedAtMs),
    }
  }
}
