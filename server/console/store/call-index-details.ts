// The call index's writes of many calls at once: a few statements for a batch of details, a listing page's status
// news, and their search rows, where one call at a time took a statement (and on PostgreSQL a round trip) per
// call and row. Each write is the store's one way of writing it: a single call is a batch of one.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { type CallDetail, type CallListItem, FINISHED_CALL_STATUSES } from '../../../src/api/contract/schemas'
import type { ConsoleDatabase } from './schema'

// Between the values of the text column: a trigram across two values can only hold this, never a typed character.
export const VALUE_SEPARATOR = '\n'

/** Rows a statement carries at most: about 12 parameters each stays far below either store's limit. */
const ROWS_A_STATEMENT = 200

const inChunks = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / ROWS_A_STATEMENT) }, (_, index) =>
    rows.slice(index * ROWS_A_STATEMENT, (index + 1) * ROWS_A_STATEMENT),
  )

type ColumnType = 'text' | 'integer' | 'bigint'

/**
 * `name(columns) as (values …)`, each value cast: PostgreSQL takes an untyped parameter for text, and SQLite reads
 * the same casts. A common table expression, since SQLite names no columns of a bare VALUES.
 */
function valuesTable(name: string, columns: readonly (readonly [string, ColumnType])[], rows: readonly unknown[][]) {
  const tuples = rows.map(
    (row) =>
      sql`(${sql.join(row.map((value, index) => sql`cast(${value} as ${sql.raw(columns[index]?.[1] ?? 'text')})`))})`,
  )
  return sql`${sql.id(name)}(${sql.join(columns.map(([column]) => sql.id(column)))}) as (values ${sql.join(tuples)})`
}

/** A time the service gave, as the columns hold it: null when it gave none or none that reads as a time. */
export const timeOf = (value: string | null | undefined) => {
  const time = value ? Date.parse(value) : Number.NaN
  return Number.isNaN(time) ? null : time
}

/** What a metadata value is to search: its text, lower-cased; null has none. */
function searchableValue(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return (typeof value === 'string' ? value : JSON.stringify(value)).toLowerCase()
}

/** A call's metadata as search reads it: a row per searchable value, and the trigram table's metadata column. */
export function metadataSearchRows(metadata: CallDetail['metadata'] | null | undefined) {
  const values = Object.entries(metadata ?? {}).flatMap(([key, value]) => {
    const text = searchableValue(value)
    return text === null ? [] : [{ key, key_lower: key.toLowerCase(), value_lower: text }]
  })
  return { values, text: values.map((value) => value.value_lower).join(VALUE_SEPARATOR) }
}

const finished = sql.join(FINISHED_CALL_STATUSES)

/**
 * The trigram table's metadata column: the values, then the words of the call's note (issue 51), so a plain term
 * that is in the note only is narrowed to as one in a value is (search checks each against its own column after).
 */
export async function writeSearchTexts(trx: Kysely<ConsoleDatabase>, rows: readonly { id: number; text: string }[]) {
  for (const chunk of inChunks(rows)) {
    const texts = valuesTable(
      't',
      [
        ['id', 'bigint'],
        ['text', 'text'],
      ],
      chunk.map((row) => [row.id, row.text]),
    )
    // A subquery per row rather than UPDATE … FROM: SQLite's trigram table is a virtual table.
    await sql`with ${texts} update indexed_call_text set metadata = (select t.text || coalesce((select
        ${VALUE_SEPARATOR} || n.text_lower from call_notes n join indexed_calls c on c.call_id = n.call_id
        where c.id = t.id), '') from t where t.id = indexed_call_text.rowid)
      where rowid in (select id from t)`.execute(trx)
  }
}

/** Calls' metadata rows replaced by those of `metadata`, and their trigram text with them. */
export async function writeMetadataOf(
  trx: Kysely<ConsoleDatabase>,
  calls: readonly { id: number; metadata: CallDetail['metadata'] | null | undefined }[],
) {
  const searched = calls.map((call) => ({ id: call.id, ...metadataSearchRows(call.metadata) }))
  for (const chunk of inChunks(searched))
    await trx
      .deleteFrom('indexed_call_metadata')
      .where(
        'call_row',
        'in',
        chunk.map((call) => call.id),
      )
      .execute()
  const values = searched.flatMap((call) => call.values.map((value) => ({ call_row: call.id, ...value })))
  for (const chunk of inChunks(values)) await trx.insertInto('indexed_call_metadata').values(chunk).execute()
  await writeSearchTexts(trx, searched)
}

/** The last detail of each call: a batch never writes one call twice in a statement. */
const lastOfEach = (calls: readonly CallDetail[]) => [...new Map(calls.map((call) => [call.call_id, call])).values()]

const DETAIL_COLUMNS = [
  ['call_id', 'text'],
  ['status', 'text'],
  ['duration_seconds', 'integer'],
  ['billed_minutes', 'integer'],
  ['has_recording', 'integer'],
  ['voicemail_drop', 'integer'],
  ['source', 'text'],
  ['metadata', 'text'],
  ['updated_at', 'bigint'],
] as const

/** The details of calls the index holds (a call it does not hold is skipped): every field, and the search rows. */
export async function writeDetails(trx: Kysely<ConsoleDatabase>, calls: readonly CallDetail[], now: number) {
  for (const chunk of inChunks(lastOfEach(calls))) {
    const details = valuesTable(
      'd',
      DETAIL_COLUMNS,
      chunk.map((call) => [
        call.call_id,
        call.status,
        call.duration_seconds ?? null,
        call.billed_minutes ?? null,
        call.recording_url ? 1 : 0,
        typeof call.voicemail_drop === 'boolean' ? Number(call.voicemail_drop) : null,
        call.source ?? null,
        // Stored as JSON text whatever its shape; a detail without metadata stores null as JSON.
        JSON.stringify(call.metadata ?? null),
        timeOf(call.updated_at),
      ]),
    )
    // An erased call keeps the metadata its erasure left: the service still has what was erased (erasure/README.md).
    const { rows } = await sql<{ id: number; call_id: string }>`with ${details} update indexed_calls set
        status = d.status, duration_seconds = d.duration_seconds, billed_minutes = d.billed_minutes,
        has_recording = d.has_recording, voicemail_drop = d.voicemail_drop, source = d.source,
        metadata = case when indexed_calls.erased_at is null then d.metadata else indexed_calls.metadata end,
        updated_at = d.updated_at, details_at = ${now}, needs_details = 0
      from d where indexed_calls.call_id = d.call_id
      returning indexed_calls.id, indexed_calls.call_id, indexed_calls.erased_at`.execute(trx)
    const byId = new Map(chunk.map((call) => [call.call_id, call]))
    await writeMetadataOf(
      trx,
      (rows as { id: number; call_id: string; erased_at: number | null }[])
        .filter((row) => row.erased_at === null)
        .map((row) => ({ id: Number(row.id), metadata: byId.get(row.call_id)?.metadata })),
    )
  }
}

export type StatusNews = Pick<CallListItem, 'call_id' | 'status' | 'duration_seconds'>

/**
 * What a call's listings on one page do, read in order, as one: the first that has ended, since statuses only move
 * forward (an end is never undone), or else the last.
 */
function netOfEach(calls: readonly StatusNews[]): StatusNews[] {
  const net = new Map<string, StatusNews>()
  for (const call of calls) {
    const before = net.get(call.call_id)
    if (!before || !FINISHED_CALL_STATUSES.includes(before.status)) net.set(call.call_id, call)
  }
  return [...net.values()]
}

/** Statuses seen in lists of calls the index holds; an older answer (a list sent before a detail) never undoes an end. */
export async function advanceStatuses(trx: Kysely<ConsoleDatabase>, calls: readonly StatusNews[]) {
  for (const chunk of inChunks(netOfEach(calls))) {
    const news = valuesTable(
      's',
      [
        ['call_id', 'text'],
        ['status', 'text'],
        ['duration_seconds', 'integer'],
        ['ended', 'integer'],
      ],
      chunk.map((call) => [
        call.call_id,
        call.status,
        call.duration_seconds ?? null,
        FINISHED_CALL_STATUSES.includes(call.status) ? 1 : 0,
      ]),
    )
    const held = sql.ref('indexed_calls.status')
    const heldEnded: RawBuilder<unknown> = sql`${held} in (${finished})`
    await sql`with ${news} update indexed_calls set
        status = case when ${heldEnded} then ${held} else s.status end,
        duration_seconds = case when ${heldEnded} then indexed_calls.duration_seconds else s.duration_seconds end,
        needs_details = case when s.ended = 1 and (indexed_calls.details_at is null or not ${heldEnded}) then 1
          else indexed_calls.needs_details end
      from s where indexed_calls.call_id = s.call_id`.execute(trx)
  }
}
