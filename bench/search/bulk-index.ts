// Writes calls into the call index as the sync leaves them once each has been listed and its detail
// fetched (store/call-index.ts: upsertListed, then writeDetail), with prepared statements in the caller's
// transaction: a million calls in minutes, where a transaction per detail would take much longer.
// bulk-index.test.ts checks the rows against the store's own writes.
import type Database from 'better-sqlite3'
import { digitsOf, numbersText } from '../../server/console/store/call-index'
import { metadataSearchRows } from '../../server/console/store/call-index-details'
import type { CallDetail } from '../../server/simulator/contract/schemas'

export interface IndexedByConsole {
  detail: CallDetail
  /** The console user who placed the call (call_owners), or null: placed through the API. */
  ownerId: string | null
}

export function createBulkIndexWriter(sqlite: Database.Database) {
  const call = sqlite.prepare(`insert into indexed_calls (call_id, status, caller_id, destination, caller_digits,
    destination_digits, duration_seconds, created_at, billed_minutes, has_recording, voicemail_drop, source, metadata,
    updated_at, details_at, needs_details) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`)
  const text = sqlite.prepare('insert into indexed_call_text (rowid, numbers, metadata) values (?, ?, ?)')
  const value = sqlite.prepare(
    'insert into indexed_call_metadata (call_row, key, key_lower, value_lower) values (?, ?, ?, ?)',
  )
  const owner = sqlite.prepare('insert into call_owners (call_id, user_id, placed_at) values (?, ?, ?)')

  /** `detailsAt`: when the sync fetched the details (details_at). */
  return (calls: Iterable<IndexedByConsole>, detailsAt: number) => {
    for (const { detail, ownerId } of calls) {
      const createdAt = Date.parse(detail.created_at)
      const id = call.run(
        detail.call_id,
        detail.status,
        detail.caller_id,
        detail.destination,
        digitsOf(detail.caller_id),
        digitsOf(detail.destination),
        detail.duration_seconds,
        createdAt,
        detail.billed_minutes,
        detail.recording_url === null ? 0 : 1,
        detail.voicemail_drop ? 1 : 0,
        detail.source,
        JSON.stringify(detail.metadata),
        Date.parse(detail.updated_at),
        detailsAt,
      ).lastInsertRowid
      const rows = metadataSearchRows(detail.metadata)
      text.run(id, numbersText(detail), rows.text)
      for (const row of rows.values) value.run(id, row.key, row.key_lower, row.value_lower)
      if (ownerId !== null) owner.run(detail.call_id, ownerId, createdAt)
    }
  }
}
