// The call index's writes: calls as the list, the detail and the create response tell of them, each
// with its search rows (metadata values, and trigrams of numbers, values and the note's words in indexed_call_text).
import { type Kysely, sql } from 'kysely'
import {
  type CallDetail,
  type CallListItem,
  type CreateCallResponse,
  FINISHED_CALL_STATUSES,
  IN_FLIGHT_CALL_STATUSES,
} from '../../../src/api/contract/schemas'
import {
  advanceStatuses,
  type StatusNews,
  timeOf,
  VALUE_SEPARATOR,
  writeDetails,
  writeMetadataOf,
  writeSearchTexts,
} from './call-index-details'
import type { ConsoleDb } from './database'
import type { ConsoleDatabase } from './schema'

/** A number as its digits column holds it, for substring search of what a person typed. */
export const digitsOf = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '')
/** The trigram table's numbers column: both numbers' digits. */
export const numbersText = (call: Pick<CallListItem, 'destination' | 'caller_id'>) =>
  `${digitsOf(call.destination)} ${digitsOf(call.caller_id)}`
const isEnded = (status: string) => FINISHED_CALL_STATUSES.includes(status)

const newRow = (call: CallListItem) => ({
  call_id: call.call_id,
  status: call.status,
  // The spec lists these but never says they cannot be null: a call without them is kept, with no number.
  caller_id: call.caller_id ?? '',
  destination: call.destination ?? '',
  caller_digits: digitsOf(call.caller_id),
  destination_digits: digitsOf(call.destination),
  duration_seconds: call.duration_seconds ?? null,
  // Without a creation time the call sorts as of when the index first saw it.
  created_at: timeOf(call.created_at) ?? Date.now(),
  // A call in flight waits: its details change until it ends, and one fetch then is enough.
  needs_details: isEnded(call.status) ? 1 : 0,
})

// Rows a statement inserts at most: 10 columns each stays far below either store's limit on parameters, whatever
// page size the service chooses.
const ROWS_A_STATEMENT = 500

/**
 * Inserts the calls the index does not hold yet, a statement for many rows (a page is two statements, not two
 * hundred: the backfill's queries were most of the idle console's allocation), and answers the ids it gave.
 */
async function insertNew(trx: Kysely<ConsoleDatabase>, calls: readonly CallListItem[]): Promise<Map<string, number>> {
  const inserted = new Map<string, number>()
  for (let start = 0; start < calls.length; start += ROWS_A_STATEMENT) {
    const chunk = calls.slice(start, start + ROWS_A_STATEMENT)
    const rows = await trx
      .insertInto('indexed_calls')
      .values(chunk.map(newRow))
      .onConflict((oc) => oc.column('call_id').doNothing())
      .returning(['id', 'call_id'])
      .execute()
    if (rows.length === 0) continue
    // The inserted row is a call's first listing on the page, so its numbers are the first listing's too.
    const text = new Map<string, string>()
    for (const call of chunk) if (!text.has(call.call_id)) text.set(call.call_id, numbersText(call))
    for (const row of rows) inserted.set(row.call_id, row.id)
    await sql`insert into indexed_call_text (rowid, numbers, metadata) values ${sql.join(
      rows.map((row) => sql`(${row.id}, ${text.get(row.call_id)}, '')`),
    )}`.execute(trx)
  }
  return inserted
}

async function upsertListed(trx: Kysely<ConsoleDatabase>, calls: readonly CallListItem[]): Promise<void> {
  const inserted = await insertNew(trx, calls)
  // A call listed twice on a page is inserted once; its other listing may still move its status on.
  const held = calls.filter((call) => !inserted.delete(call.call_id))
  if (held.length > 0) await advanceStatuses(trx, held)
}

/** A call's note was saved: its words replace the old ones in the trigram table (a call not indexed has no row). */
export async function noteSearchTextChanged(trx: Kysely<ConsoleDatabase>, callId: string): Promise<void> {
  const call = await trx.selectFrom('indexed_calls').select('id').where('call_id', '=', callId).executeTakeFirst()
  if (!call) return
  const values = await trx
    .selectFrom('indexed_call_metadata')
    .select('value_lower')
    .where('call_row', '=', call.id)
    .execute()
  await writeSearchTexts(trx, [{ id: call.id, text: values.map((value) => value.value_lower).join(VALUE_SEPARATOR) }])
}

export function createCallIndexQueries(db: ConsoleDb) {
  return {
    /** A page of the calls list, in one transaction. */
    upsertListed: (calls: readonly CallListItem[]) => db.transaction().execute((trx) => upsertListed(trx, calls)),
    /** The same, for a caller that writes more in the same transaction (the backfill's progress). */
    upsertListedIn: upsertListed,
    /**
     * A status the live hub saw (it polls calls in flight every second for its viewers): the index is as
     * fresh as the board for the calls it already holds. New calls are the sync's to insert.
     */
    noteStatus: (call: StatusNews) => advanceStatuses(db, [call]),
    /** A call placed through this console, from the create response: its metadata is searchable at once. */
    upsertPlaced: (call: CreateCallResponse) =>
      db.transaction().execute(async (trx) => {
        // The list never says "queued": the call is DIALER_INITIATED by the time anyone lists it.
        const listed = { ...call, status: 'DIALER_INITIATED', duration_seconds: null }
        const id = (await insertNew(trx, [listed])).get(call.call_id)
        const existing =
          id ??
          (
            await trx
              .selectFrom('indexed_calls')
              .select('id')
              .where('call_id', '=', call.call_id)
              .where('metadata', 'is', null)
              .executeTakeFirst()
          )?.id
        if (existing === undefined) return
        await trx
          .updateTable('indexed_calls')
          .set({ metadata: JSON.stringify(call.metadata ?? null) })
          .where('id', '=', existing)
          .execute()
        await writeMetadataOf(trx, [{ id: existing, metadata: call.metadata }])
      }),
    /** The detail of a call: every field, and its metadata for search. */
    writeDetail: (call: CallDetail, now: number) => db.transaction().execute((trx) => writeDetails(trx, [call], now)),
    /** The details of many calls in one transaction: a few statements, not a few a call (the sync's batches). */
    writeDetails: (calls: readonly CallDetail[], now: number) =>
      db.transaction().execute((trx) => writeDetails(trx, calls, now)),
    /** The upstream has no such call (any more): nothing to fetch, so it leaves the queue. */
    detailsGone: (callId: string, now: number) =>
      db
        .updateTable('indexed_calls')
        .set({ needs_details: 0, details_at: now })
        .where('call_id', '=', callId)
        .execute(),
    /** Calls the in-flight lists no longer show: they have ended, and their detail says how. */
    markEnded: (callIds: readonly string[]) =>
      callIds.length === 0
        ? Promise.resolve()
        : db
            .updateTable('indexed_calls')
            .set({ needs_details: 1 })
            .where('call_id', 'in', callIds)
            .where('status', 'in', IN_FLIGHT_CALL_STATUSES)
            .execute()
            .then(() => undefined),
    /** Calls the index holds as in flight, oldest first. */
    inFlight: () =>
      db
        .selectFrom('indexed_calls')
        .select(['call_id', 'created_at'])
        .where('status', 'in', IN_FLIGHT_CALL_STATUSES)
        .orderBy('created_at')
        .execute(),
    /** The detail queue's head: newest first, since recent calls are the ones people look for. */
    needingDetails: (limit: number) =>
      db
        .selectFrom('indexed_calls')
        .select('call_id')
        .where('needs_details', '=', 1)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((row) => row.call_id)),
  }
}
