// The call index's search: every filter and term ANDed, newest first, a page after a keyset cursor.
// Terms of 3 characters or more are found through the trigram table (fast at a million rows); each text
// term is then checked against the single values it may match, so a match never spans two values.
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { FINISHED_CALL_STATUSES } from '../../../src/api/schemas'
import type { ConsoleDb } from './database'
import type { ConsoleDatabase } from './schema'

export interface CallSearchFilter {
  /** Digit fragments: each a part of the destination's or the caller ID's digits. */
  numbers: readonly string[]
  /** Lower-cased: each a part of a metadata value, of the named key when there is one. */
  texts: readonly { text: string; key: string | null }[]
  status?: string
  /** Created at or after (ms). */
  fromMs?: number
  /** Created before (ms): the API's from-inclusive, to-exclusive reading. */
  toMs?: number
  /** A user id of this console, or `api` for calls it did not place. */
  placedBy?: string
  callerId?: string
  hasRecording?: boolean
  voicemailDrop?: boolean
  minDuration?: number
  maxDuration?: number
}

/** The last row of the page before: newest first by creation time, then by call id. */
export interface SearchKey {
  createdAt: number
  callId: string
}

type Eb = ExpressionBuilder<ConsoleDatabase & { c: ConsoleDatabase['indexed_calls'] }, 'c'>

// The trigram tokenizer matches nothing shorter than 3 characters (code points, not UTF-16 units).
const TRIGRAM = 3
const trigramReady = (text: string) => [...text].length >= TRIGRAM
/** An FTS5 string: everything inside double quotes is literal, and a quote is written twice. */
const phrase = (column: 'numbers' | 'metadata', text: string) => `${column} : "${text.replaceAll('"', '""')}"`

/** Trigrams that cover a text end to end; the last overlaps the one before when the length is no multiple of 3. */
function coveringTrigrams(text: string): string[] {
  const chars = [...text]
  const pieces: string[] = []
  for (let at = 0; at + TRIGRAM <= chars.length; at += TRIGRAM) pieces.push(chars.slice(at, at + TRIGRAM).join(''))
  if (chars.length % TRIGRAM !== 0) pieces.push(chars.slice(-TRIGRAM).join(''))
  return pieces
}

function ftsQuery(filter: CallSearchFilter): string | null {
  const parts = [
    ...filter.numbers.filter(trigramReady).map((digits) => phrase('numbers', digits)),
    // A text term is checked against its values afterwards, so the table need only narrow: a cover of its trigrams,
    // each anywhere, reads a third of a phrase's doclists and no positions (an agent's name: 11 ms, not 27).
    ...filter.texts
      .filter((term) => trigramReady(term.text))
      .flatMap((term) => coveringTrigrams(term.text).map((piece) => phrase('metadata', piece))),
  ]
  return parts.length > 0 ? parts.join(' AND ') : null
}

/**
 * How the terms are found. `trigrams`: through the trigram table, then sorted: right when few calls match.
 * `scan`: newest first through the time index, each row checked: right when many match, since a page then
 * fills after a few thousand rows, where the trigram table would hand over most of the index to sort.
 */
export type TermPlan = 'trigrams' | 'scan'

function conditions(eb: Eb, filter: CallSearchFilter, plan: TermPlan) {
  const all = []
  const match = plan === 'trigrams' ? ftsQuery(filter) : null
  if (match)
    all.push(
      eb('c.id', 'in', sql<number>`(select rowid from indexed_call_text where indexed_call_text match ${match})`),
    )
  for (const digits of filter.numbers.filter((digits) => plan === 'scan' || !trigramReady(digits)))
    all.push(sql<SqlBool>`(instr(c.destination_digits, ${digits}) > 0 or instr(c.caller_digits, ${digits}) > 0)`)
  for (const term of filter.texts) {
    const value = eb
      .selectFrom('indexed_call_metadata as m')
      .select(sql`1`.as('one'))
      .whereRef('m.call_row', '=', 'c.id')
      .where(sql<SqlBool>`instr(m.value_lower, ${term.text}) > 0`)
    all.push(eb.exists(term.key === null ? value : value.where('m.key_lower', '=', term.key.toLowerCase())))
  }
  if (filter.status !== undefined) all.push(eb('c.status', '=', filter.status))
  if (filter.fromMs !== undefined) all.push(eb('c.created_at', '>=', filter.fromMs))
  if (filter.toMs !== undefined) all.push(eb('c.created_at', '<', filter.toMs))
  if (filter.callerId !== undefined) all.push(eb('c.caller_id', '=', filter.callerId))
  if (filter.hasRecording !== undefined) all.push(eb('c.has_recording', '=', filter.hasRecording ? 1 : 0))
  if (filter.voicemailDrop !== undefined) all.push(eb('c.voicemail_drop', '=', filter.voicemailDrop ? 1 : 0))
  if (filter.minDuration !== undefined) all.push(eb('c.duration_seconds', '>=', filter.minDuration))
  if (filter.maxDuration !== undefined) all.push(eb('c.duration_seconds', '<=', filter.maxDuration))
  if (filter.placedBy !== undefined) {
    const owner = eb.selectFrom('call_owners as o').select(sql`1`.as('one')).whereRef('o.call_id', '=', 'c.call_id')
    all.push(
      filter.placedBy === 'api' ? eb.not(eb.exists(owner)) : eb.exists(owner.where('o.user_id', '=', filter.placedBy)),
    )
  }
  return eb.and(all)
}

/** Filters whose index bounds the rows a scan reads: a date range, a caller ID, a status of calls in flight (few). */
const indexNarrows = (filter: CallSearchFilter) =>
  filter.fromMs !== undefined ||
  filter.toMs !== undefined ||
  filter.callerId !== undefined ||
  (filter.status !== undefined && !FINISHED_CALL_STATUSES.includes(filter.status))

/** Filters a scan checks row by row, with no index: they may pass few of the rows it reads. */
const rowChecked = (filter: CallSearchFilter) =>
  [filter.hasRecording, filter.voicemailDrop, filter.minDuration, filter.maxDuration, filter.placedBy].some(
    (value) => value !== undefined,
  )

// Past this many trigram matches a scan in time order fills a page sooner than sorting them all: at a million
// calls a match costs about 8 µs to fetch and sort and a scanned row about 0.5 µs, so the two meet near 2,000.
const MANY_MATCHES = 2_000
// With a filter checked row by row the scan may read many rows for each it keeps: the trigram table stays
// the better way up to ten times as many matches.
const ROW_CHECKED_FACTOR = 10

export function createCallSearchQueries(db: ConsoleDb, manyMatches = MANY_MATCHES) {
  /** Counting the trigram matches stops past the threshold: cheap whatever the term. */
  async function planOf(filter: CallSearchFilter): Promise<TermPlan> {
    const match = ftsQuery(filter)
    if (!match) return 'scan'
    const threshold = rowChecked(filter) ? manyMatches * ROW_CHECKED_FACTOR : manyMatches
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from indexed_call_text
      where indexed_call_text match ${match} limit ${threshold + 1})`.execute(db)
    return (rows[0]?.n ?? 0) > threshold ? 'scan' : 'trigrams'
  }

  /**
   * The calls the filter selects, read the cheapest way to count them. Few trigram matches: through the
   * table. Many, with a filter an index narrows: the rows that filter selects, each checked. Many, and
   * nothing narrows: the trigram table first (a cross join keeps that order), so a cap stops reading it,
   * where `id in (…)` collects every match first (a term in every call: 300 ms for what takes 2).
   */
  function selected(filter: CallSearchFilter, plan: TermPlan) {
    const match = ftsQuery(filter)
    if (plan === 'trigrams' || !match || indexNarrows(filter))
      return db
        .selectFrom('indexed_calls as c')
        .select('c.call_id')
        .where((eb) => conditions(eb, filter, plan))
    // Each row is still checked as a scan checks it: the table only narrows.
    return db
      .selectFrom(sql<{ rowid: number }>`indexed_call_text`.as('t'))
      .crossJoin('indexed_calls as c')
      .select('c.call_id')
      .whereRef('c.id', '=', 't.rowid')
      .where(sql<SqlBool>`t.indexed_call_text match ${match}`)
      .where((eb) => conditions(eb, filter, 'scan'))
  }

  return {
    /** How the filter's terms are best found: once per search, for its page and its count. */
    plan: planOf,
    /** A page, with who placed each call (null for calls this console did not place). */
    page: async (filter: CallSearchFilter, after: SearchKey | null, limit: number, plan?: TermPlan) => {
      const how = plan ?? (await planOf(filter))
      return db
        .selectFrom('indexed_calls as c')
        .leftJoin('call_owners as o', 'o.call_id', 'c.call_id')
        .leftJoin('users as u', 'u.id', 'o.user_id')
        .selectAll('c')
        .select(['o.user_id as owner_id', 'u.email as owner_email'])
        .where((eb) => conditions(eb, filter, how))
        .$if(after !== null, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('c.created_at', '<', after?.createdAt ?? 0),
              eb.and([eb('c.created_at', '=', after?.createdAt ?? 0), eb('c.call_id', '<', after?.callId ?? '')]),
            ]),
          ),
        )
        .orderBy('c.created_at', 'desc')
        .orderBy('c.call_id', 'desc')
        .limit(limit)
        .execute()
    },
    /**
     * Every call the filter selects, on all pages, or, with `cap`, no more than cap + 1 of them
     * (a broad count at a million calls takes about a second): read as `selected` reads them.
     */
    count: async (filter: CallSearchFilter, cap?: number, plan?: TermPlan) => {
      const matching = selected(filter, plan ?? (await planOf(filter))).$if(cap !== undefined, (qb) =>
        qb.limit((cap ?? 0) + 1),
      )
      const row = await db
        .selectFrom(matching.as('m'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
  }
}

export type SearchRow = Awaited<ReturnType<ReturnType<typeof createCallSearchQueries>['page']>>[number]
