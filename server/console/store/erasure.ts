// Erasure of one number (issue 52, item 5): every row of the console's store that names it, erased or pseudonymised in
// one serial transaction (no two erasures overlap, on either store), and the request recorded with a keyed hash of the
// number, never the number. Which table gets which treatment, and why: server/console/erasure/README.md.
import { type Kysely, sql } from 'kysely'
import { noteSearchTextChanged, numbersText } from './call-index'
import { metadataSearchRows } from './call-index-details'
import type { ConsoleDb } from './database'
import { callIdsNaming } from './number-calls'
import type { ConsoleDatabase } from './schema'

/** How the erasure finds and rewrites the number in text (server/console/erasure/number-mentions.ts). */
export interface NumberRedaction {
  e164: string
  digits: string
  national: string
  /** Digits every written form keeps together: rows are narrowed by them before the text is read. */
  tail: string
  names(text: string): boolean
  redact(text: string): string
  redactJsonText(text: string): string
}

/** Rows erased or pseudonymised, per kind: the answer's and the audit entry's counts. */
export interface ErasureCounts {
  calls: number
  call_metadata: number
  notes: number
  note_mentions: number
  outcomes: number
  contacts: number
  contact_mentions: number
  callbacks: number
  callback_mentions: number
  calling_hours_exceptions: number
  deliveries: number
  alerts: number
  live_entries: number
  saved_views: number
  /** Issue 53: scores of the number's calls (their comments are about the call), and other scores' comments naming it. */
  scores: number
  score_mentions: number
}

export interface ErasureRequest {
  id: string
  at: number
  byUserId: string
  byEmail: string
  reason: string
  numberHash: string
  /** What the number's own rows read as from now on: their ids stay, so counts and links stay. */
  pseudonym: string
}

type Tx = Kysely<ConsoleDatabase>

/** Free text or JSON columns that may name any number, read where they hold its tail. */
interface Mentions {
  table: string
  key: readonly string[]
  text?: readonly string[]
  json?: readonly string[]
}

// Tables whose rows may name the number anywhere in their text, beside the rows keyed by it.
const MENTIONS: Record<'deliveries' | 'alerts' | 'live_entries' | 'saved_views', readonly Mentions[]> = {
  deliveries: [
    { table: 'integration_deliveries', key: ['id'], text: ['response_excerpt'], json: ['payload'] },
    { table: 'alert_deliveries', key: ['id'], text: ['response_excerpt'], json: ['payload'] },
  ],
  alerts: [{ table: 'alert_firings', key: ['id'], text: ['message', 'subject'] }],
  live_entries: [
    { table: 'live_events', key: ['seq'], json: ['data'] },
    { table: 'live_calls', key: ['call_id'], json: ['entry'] },
    { table: 'live_placed', key: ['call_id'], json: ['placed'] },
    { table: 'live_state', key: ['name'], json: ['data'] },
  ],
  saved_views: [{ table: 'saved_views', key: ['id'], text: ['name', 'search'] }],
}

/** Rewrites each row of `spec` that names the number; answers how many rows changed. */
async function redactMentions(tx: Tx, spec: Mentions, number: NumberRedaction): Promise<number> {
  const columns = [...(spec.text ?? []), ...(spec.json ?? [])]
  const rows = await sql<Record<string, unknown>>`select ${sql.join([...spec.key, ...columns].map((c) => sql.ref(c)))}
    from ${sql.table(spec.table)}
    where ${sql.join(
      columns.map((c) => sql`${sql.ref(c)} like ${`%${number.tail}%`}`),
      sql` or `,
    )}`.execute(tx)
  let changed = 0
  for (const row of rows.rows) {
    const set: Record<string, string> = {}
    for (const column of columns) {
      const value = row[column]
      if (typeof value !== 'string' || !number.names(value)) continue
      set[column] = spec.json?.includes(column) ? number.redactJsonText(value) : number.redact(value)
    }
    if (Object.keys(set).length === 0) continue
    await sql`update ${sql.table(spec.table)} set ${sql.join(
      Object.entries(set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    )} where ${sql.join(
      spec.key.map((k) => sql`${sql.ref(k)} = ${row[k]}`),
      sql` and `,
    )}`.execute(tx)
    changed++
  }
  return changed
}

/** The index's rows that are calls to or from the number: pseudonymised, their metadata redacted. */
async function pseudonymiseCalls(tx: Tx, number: NumberRedaction, request: ErasureRequest) {
  const forms = [number.digits, number.national]
  const rows = await tx
    .selectFrom('indexed_calls')
    .select(['id', 'call_id', 'destination', 'caller_id', 'destination_digits', 'caller_digits', 'metadata'])
    .where((eb) => eb.or([eb('destination_digits', 'in', forms), eb('caller_digits', 'in', forms)]))
    .execute()
  for (const row of rows) {
    const destination = forms.includes(row.destination_digits) ? request.pseudonym : row.destination
    const callerId = forms.includes(row.caller_digits) ? request.pseudonym : row.caller_id
    await tx
      .updateTable('indexed_calls')
      .set({
        destination,
        caller_id: callerId,
        destination_digits: forms.includes(row.destination_digits) ? '' : row.destination_digits,
        caller_digits: forms.includes(row.caller_digits) ? '' : row.caller_digits,
        metadata: row.metadata === null ? null : number.redactJsonText(row.metadata),
        erased_at: request.at,
      })
      .where('id', '=', row.id)
      .execute()
    const numbers = numbersText({
      destination: destination === request.pseudonym ? '' : destination,
      caller_id: callerId,
    })
    await sql`update indexed_call_text set numbers = ${numbers} where rowid = ${row.id}`.execute(tx)
  }
  return rows
}

/** Other calls whose metadata names the number: the values redacted, their search rows with them. */
async function redactCallMetadata(tx: Tx, number: NumberRedaction, at: number) {
  const rows = await tx
    .selectFrom('indexed_calls')
    .select(['id', 'call_id', 'metadata'])
    .where('metadata', 'like', `%${number.tail}%`)
    .execute()
  const changed: { id: number; call_id: string }[] = []
  for (const row of rows) {
    if (row.metadata === null || !number.names(row.metadata)) continue
    const metadata = number.redactJsonText(row.metadata)
    await tx.updateTable('indexed_calls').set({ metadata, erased_at: at }).where('id', '=', row.id).execute()
    changed.push(row)
  }
  // Every call the erasure touched gets its value rows again from what its metadata now holds.
  return changed
}

async function rewriteValueRows(tx: Tx, calls: readonly { id: number }[]) {
  for (const call of calls) {
    const row = await tx.selectFrom('indexed_calls').select('metadata').where('id', '=', call.id).executeTakeFirst()
    const parsed = row?.metadata ? JSON.parse(row.metadata) : null
    const { values } = metadataSearchRows(parsed && typeof parsed === 'object' ? parsed : null)
    await tx.deleteFrom('indexed_call_metadata').where('call_row', '=', call.id).execute()
    if (values.length > 0)
      await tx
        .insertInto('indexed_call_metadata')
        .values(values.map((value) => ({ call_row: call.id, ...value })))
        .execute()
  }
}

/** Notes of other calls that name the number, and every version of them: the mention redacted. */
async function redactNotes(tx: Tx, number: NumberRedaction) {
  const like = `%${number.tail}%`
  const notes = await tx.selectFrom('call_notes').select(['call_id', 'text']).where('text', 'like', like).execute()
  const changed = new Set<string>()
  for (const note of notes) {
    if (!number.names(note.text)) continue
    const text = number.redact(note.text)
    await tx
      .updateTable('call_notes')
      .set({ text, text_lower: text.toLowerCase() })
      .where('call_id', '=', note.call_id)
      .execute()
    changed.add(note.call_id)
  }
  const versions = await tx
    .selectFrom('call_note_versions')
    .select(['call_id', 'version', 'text'])
    .where('text', 'like', like)
    .execute()
  for (const version of versions) {
    if (!number.names(version.text)) continue
    await tx
      .updateTable('call_note_versions')
      .set({ text: number.redact(version.text) })
      .where('call_id', '=', version.call_id)
      .where('version', '=', version.version)
      .execute()
    changed.add(version.call_id)
  }
  return changed
}

async function eraseNumber(tx: Tx, number: NumberRedaction, request: ErasureRequest): Promise<ErasureCounts> {
  const calls = await pseudonymiseCalls(tx, number, request)

  // The number's calls: those the index holds, and those its callbacks and list contacts name.
  const callIds = await callIdsNaming(
    tx,
    number.e164,
    calls.map((call) => call.call_id),
  )
  const contactIds = (
    await tx.selectFrom('call_list_contacts').select('id').where('number', '=', number.e164).execute()
  ).map((contact) => contact.id)
  const callbacks = await tx
    .selectFrom('callbacks')
    .select(['id', 'number', 'caller_id', 'metadata', 'done_at', 'cancelled_at'])
    .where((eb) => eb.or([eb('number', '=', number.e164), eb('caller_id', '=', number.e164)]))
    .execute()

  // What was said of the number's calls is about the person: erased, every version with it.
  let notes = 0
  let outcomes = 0
  let scores = 0
  if (callIds.length > 0) {
    scores = Number(
      (await tx.deleteFrom('call_scores').where('call_id', 'in', callIds).executeTakeFirst()).numDeletedRows,
    )
    await tx.deleteFrom('call_note_versions').where('call_id', 'in', callIds).execute()
    notes = Number(
      (await tx.deleteFrom('call_notes').where('call_id', 'in', callIds).executeTakeFirst()).numDeletedRows,
    )
    outcomes = Number(
      (await tx.deleteFrom('call_outcomes').where('call_id', 'in', callIds).executeTakeFirst()).numDeletedRows,
    )
  }
  const mentionedNotes = await redactNotes(tx, number)
  const mentionedCalls = await redactCallMetadata(tx, number, request.at)
  await rewriteValueRows(tx, [...calls, ...mentionedCalls])
  // The trigram table's metadata column: the values as they are now, and the note's words if one is left.
  const searchTextOf = new Set([...callIds, ...mentionedNotes, ...mentionedCalls.map((call) => call.call_id)])
  for (const callId of searchTextOf) await noteSearchTextChanged(tx, callId)

  // A contact is the person: the row stays, so the list's counts stay, with the number and the other columns gone.
  if (contactIds.length > 0)
    await tx
      .updateTable('call_list_contacts')
      .set({
        number: request.pseudonym,
        metadata: '{}',
        state: 'done',
        claimed_by: null,
        claim_expires_at: null,
        claim_call_id: null,
      })
      .where('id', 'in', contactIds)
      .execute()
  const contactMentions =
    (await redactMentions(tx, { table: 'call_list_contacts', key: ['id'], json: ['metadata'] }, number)) +
    (await redactMentions(tx, { table: 'call_lists', key: ['id'], text: ['name'] }, number))

  // A callback to the number can no longer be made: pseudonymised, and cancelled if it was open.
  for (const callback of callbacks) {
    const open = callback.done_at === null && callback.cancelled_at === null
    await tx
      .updateTable('callbacks')
      .set({
        number: callback.number === number.e164 ? request.pseudonym : callback.number,
        caller_id: callback.caller_id === number.e164 ? request.pseudonym : callback.caller_id,
        metadata: number.redactJsonText(callback.metadata),
        ...(open ? { cancelled_at: request.at, cancelled_by: request.byUserId } : {}),
      })
      .where('id', '=', callback.id)
      .execute()
  }
  const callbackMentions = await redactMentions(tx, { table: 'callbacks', key: ['id'], json: ['metadata'] }, number)

  const exceptions = await tx
    .updateTable('calling_hours_exceptions')
    .set({ phone_number: request.pseudonym })
    .where('phone_number', '=', number.e164)
    .executeTakeFirst()
  const exceptionMentions = await redactMentions(
    tx,
    { table: 'calling_hours_exceptions', key: ['id'], text: ['reason'] },
    number,
  )

  const counts: ErasureCounts = {
    calls: calls.length,
    call_metadata: mentionedCalls.filter((call) => !calls.some((own) => own.id === call.id)).length,
    notes,
    note_mentions: mentionedNotes.size,
    outcomes,
    contacts: contactIds.length,
    contact_mentions: contactMentions,
    callbacks: callbacks.length,
    callback_mentions: callbackMentions,
    calling_hours_exceptions: Number(exceptions.numUpdatedRows) + exceptionMentions,
    deliveries: 0,
    alerts: 0,
    live_entries: 0,
    saved_views: 0,
    scores,
    score_mentions: await redactMentions(tx, { table: 'call_scores', key: ['id'], text: ['comment'] }, number),
  }
  // One after another: the statements share the transaction's one connection.
  for (const [kind, specs] of Object.entries(MENTIONS) as [keyof typeof MENTIONS, readonly Mentions[]][])
    for (const spec of specs) counts[kind] += await redactMentions(tx, spec, number)
  return counts
}

export interface ErasureRow {
  id: string
  at: number
  byEmail: string
  reason: string
  counts: ErasureCounts
}

// An erasure made before a kind existed (issue 53's scores) erased none of it.
const BEFORE_SCORES = { scores: 0, score_mentions: 0 }

const rowOf = (row: { id: string; at: number; by_email: string; reason: string; counts: string }): ErasureRow => ({
  id: row.id,
  at: Number(row.at),
  byEmail: row.by_email,
  reason: row.reason,
  counts: { ...BEFORE_SCORES, ...JSON.parse(row.counts) },
})

export function createErasureQueries(
  db: ConsoleDb,
  serialTransaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
) {
  return {
    /** Erases the number everywhere the store holds it but the do-not-call list and the audit trail, and records it. */
    erase: (number: NumberRedaction, request: ErasureRequest): Promise<ErasureCounts> =>
      serialTransaction(async (tx) => {
        const counts = await eraseNumber(tx, number, request)
        await tx
          .insertInto('erasures')
          .values({
            id: request.id,
            at: request.at,
            by_user_id: request.byUserId,
            by_email: request.byEmail,
            reason: number.redact(request.reason),
            counts: JSON.stringify(counts),
            number_hash: request.numberHash,
          })
          .execute()
        return counts
      }),
    /** Newest first; `before` is the last row of the previous page. */
    page: async (limit: number, before?: { at: number; id: string }): Promise<ErasureRow[]> => {
      let query = db.selectFrom('erasures').select(['id', 'at', 'by_email', 'reason', 'counts'])
      if (before)
        query = query.where((eb) =>
          eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
        )
      return (await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute()).map(rowOf)
    },
    /** How many times this number (by its keyed hash) was erased before. */
    countOf: async (numberHash: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('erasures')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('number_hash', '=', numberHash)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  }
}
