// The call index's search: every filter and term ANDed, newest first, a page after a keyset cursor.
// Terms of 3 characters or more are found through the trigram table (fast at a million rows); each text
// term is then checked against the single values it may match, so a match never spans two values. A plain term
// also matches the words of the call's note (issue 51), which the table holds after the metadata values.
// A number fragment matches a number's digits or, as a text term would, a metadata value ("4821", "T-4821").
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely'
import { FINISHED_CALL_STATUSES } from '../../../src/api/contract/schemas'
import type { StoreAdapter, TermGroup } from './adapter'
import { fixSelection } from './call-selection'
import type { ConsoleDb } from './database'
import type { ConsoleDatabase } from './schema'

export interface CallSearchFilter {
  /**
   * Number fragments: each a part of the destination's or the caller ID's digits, or of a metadata value
   * (`texts`, lower-cased: the fragment as typed, and its digits when they differ).
   */
  numbers: readonly { digits: string; texts: readonly string[] }[]
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
  /** Issue 51, `outcome:` terms (lower-cased): a part of the recorded outcome's id or label, or of metadata `outcome`. */
  outcomes?: readonly string[]
  /** Issue 51, `note:` terms (lower-cased): each a part of the call's note, or of metadata `note`. */
  notes?: readonly string[]
  /** Issue 51: the recorded outcome's kind id, or `none` for calls without one. */
  outcome?: string
  /**
   * Only calls indexed at or before this row id: an export's selection stays what it was when it
   * began, while the sync adds calls (a count and the pages that follow it agree).
   */
  rowsThrough?: number
}

/** The last row of the page before: newest first by creation time, then by call id. */
export interface SearchKey {
  createdAt: number
  callId: string
}

type Eb = ExpressionBuilder<ConsoleDatabase & { c: ConsoleDatabase['indexed_calls'] }, 'c'>

// A trigram index matches nothing shorter than 3 characters (code points, not UTF-16 units).
const TRIGRAM = 3
const trigramReady = (text: string) => [...text].length >= TRIGRAM

/**
 * The terms the trigram table finds, a group each: a number's digits in the numbers, or its text in the metadata;
 * metadata only narrowed (each term is checked again against single values).
 */
function textTerms(filter: CallSearchFilter, keyValues: readonly KeyValues[] = []): TermGroup[] {
  const resolved = (term: CallSearchFilter['texts'][number]) =>
    keyValues.some((one) => one.key === term.key && one.text === term.text)
  const inMetadata = (text: string) => ({ column: 'metadata' as const, text, narrowsOnly: true })
  return [
    ...filter.numbers
      .filter((term) => trigramReady(term.digits))
      .map((term) => [
        { column: 'numbers' as const, text: term.digits },
        ...term.texts.filter(trigramReady).map(inMetadata),
      ]),
    ...filter.texts.filter((term) => trigramReady(term.text) && !resolved(term)).map((term) => [inMetadata(term.text)]),
  ]
}

/**
 * A `key:value` term whose key holds few distinct values (an agent's name, a campaign): the values that contain it,
 * read from the key's index. Its calls are then a range of that index, where the trigram table would intersect the
 * long lists of trigrams that thousands of calls share (an agent's name on 1.4% of a million calls: most of its time).
 */
export interface KeyValues {
  key: string
  text: string
  values: readonly string[]
}

/**
 * How the terms are found. `trigrams`: through the trigram table (and the key values), then sorted: right when few
 * calls match. `scan`: newest first through the time index, each row checked: right when many match, since a page
 * then fills after a few thousand rows, where the trigram table would hand over most of the index to sort.
 */
export interface TermPlan {
  via: 'trigrams' | 'scan'
  keyValues: readonly KeyValues[]
  /** A count read through this term's values (`selected`). */
  readThrough?: KeyValues
  /** `trigrams`: the rows the trigram table matched, read once by the plan and shared by the page and the total. */
  matches?: readonly number[]
  /**
   * `scan`: for each number term, then each text term, the rows whose trigram metadata column (the values, then
   * the note's words) holds it, when they are few; null when they are many or the term has no such read. Only
   * those rows have their metadata and note read: the rest hold the term in no value and no note. Without it every
   * row a scan or a count checks costs a read of each (at 200,000 calls a combined filter's count checked 4,900 rows
   * that way for 14 that held the term).
   */
  mayHold?: { numbers: readonly (readonly number[] | null)[]; texts: readonly (readonly number[] | null)[] }
}

// A key with more distinct values than this (ticket ids) is left to the trigram table: walking them costs a seek each.
const FEW_VALUES = 256

/** The index rows of a key's values: the calls that hold one of them (none when no value contains the term). */
const keyValueRows = ({ key, values }: KeyValues) =>
  values.length === 0
    ? sql`select call_row from indexed_call_metadata where 1 = 0`
    : sql`select call_row from indexed_call_metadata where key_lower = ${key.toLowerCase()}
        and value_lower in (${sql.join(values)})`

function conditions(eb: Eb, store: StoreAdapter, filter: CallSearchFilter, plan: TermPlan) {
  const all = []
  const terms = plan.via === 'trigrams' ? textTerms(filter, plan.keyValues) : []
  if (plan.matches) all.push(store.rowIn(sql.ref('c.id'), plan.matches))
  else if (terms.length > 0)
    all.push(
      eb(
        'c.id',
        'in',
        sql<number>`(select rowid from indexed_call_text where ${store.textMatches('indexed_call_text', terms)})`,
      ),
    )
  // A term's metadata and note, read only for the rows the trigram table says may hold it, when it said (mayHold).
  const elsewhere = (checks: Expression<SqlBool>[], mayHold: readonly number[] | null | undefined) =>
    mayHold ? eb.and([store.rowIn(sql.ref('c.id'), mayHold), eb.or(checks)]) : eb.or(checks)
  // The values only narrow, as the trigram table does: each row is checked against its metadata below.
  if (plan.via === 'trigrams')
    for (const one of plan.keyValues) all.push(eb('c.id', 'in', sql<number>`(${keyValueRows(one)})`))
  // `alone`: the check is a condition of its own, which PostgreSQL joins (a semi join through the call's index).
  // An alternative of an OR cannot be joined, so it is checked per row (store.checkedPerRow), never hashed.
  const inMetadata = (texts: readonly string[], key: string | null, alone = false) => {
    const value = eb
      .selectFrom('indexed_call_metadata as m')
      .select(sql`1`.as('one'))
      .whereRef('m.call_row', '=', 'c.id')
      .where((m) => m.or(texts.map((text) => store.contains(sql.ref('m.value_lower'), text))))
    const check = key === null ? value : value.where('m.key_lower', '=', key.toLowerCase())
    return eb.exists(alone ? check : store.checkedPerRow(check))
  }
  // The words of the call's note (issue 51): a seek by call id, read only for a row its numbers and values missed.
  const inNote = (texts: readonly string[]) =>
    eb.exists(
      store.checkedPerRow(
        eb
          .selectFrom('call_notes as n')
          .select(sql`1`.as('one'))
          .whereRef('n.call_id', '=', 'c.call_id')
          .where((n) => n.or(texts.map((text) => store.contains(sql.ref('n.text_lower'), text)))),
      ),
    )
  // Every number is checked on the row: the trigram table read its metadata only to narrow. The digits come
  // first, so a row whose number holds them never reads its metadata.
  filter.numbers.forEach(({ digits, texts }, index) => {
    all.push(
      eb.or([
        store.contains(sql.ref('c.destination_digits'), digits),
        store.contains(sql.ref('c.caller_digits'), digits),
        elsewhere([inMetadata(texts, null), inNote(texts)], plan.mayHold?.numbers[index]),
      ]),
    )
  })
  // A term the rows were read through (its values' index rows) holds on them already: no second read of the row's.
  const readThrough = (term: CallSearchFilter['texts'][number]) =>
    (plan.via === 'trigrams' ? plan.keyValues : plan.readThrough ? [plan.readThrough] : []).some(
      (one) => one.key === term.key && one.text === term.text,
    )
  filter.texts.forEach((term, index) => {
    if (readThrough(term)) return
    all.push(
      term.key === null
        ? elsewhere([inMetadata([term.text], null), inNote([term.text])], plan.mayHold?.texts[index])
        : inMetadata([term.text], term.key, true),
    )
  })
  if (filter.status !== undefined) all.push(eb('c.status', '=', filter.status))
  if (filter.fromMs !== undefined) all.push(eb('c.created_at', '>=', filter.fromMs))
  if (filter.toMs !== undefined) all.push(eb('c.created_at', '<', filter.toMs))
  if (filter.callerId !== undefined) all.push(eb('c.caller_id', '=', filter.callerId))
  if (filter.hasRecording !== undefined) all.push(eb('c.has_recording', '=', filter.hasRecording ? 1 : 0))
  if (filter.voicemailDrop !== undefined) all.push(eb('c.voicemail_drop', '=', filter.voicemailDrop ? 1 : 0))
  if (filter.minDuration !== undefined) all.push(eb('c.duration_seconds', '>=', filter.minDuration))
  if (filter.maxDuration !== undefined) all.push(eb('c.duration_seconds', '<=', filter.maxDuration))
  // What follows the call (issue 51): read from its own tables by call id, checked row by row.
  const work = eb
    .selectFrom('call_outcomes as w')
    .innerJoin('outcome_kinds as k', 'k.id', 'w.kind_id')
    .select(sql`1`.as('one'))
    .whereRef('w.call_id', '=', 'c.call_id')
  // `outcome:` and `note:` also match a metadata key of that name, as any key:value term does.
  for (const text of filter.outcomes ?? [])
    all.push(
      eb.or([
        eb.exists(
          work.where((w) => w.or([store.contains(sql`lower(k.label)`, text), store.contains(sql.ref('k.id'), text)])),
        ),
        inMetadata([text], 'outcome'),
      ]),
    )
  if (filter.outcome !== undefined)
    all.push(
      filter.outcome === 'none' ? eb.not(eb.exists(work)) : eb.exists(work.where('w.kind_id', '=', filter.outcome)),
    )
  for (const text of filter.notes ?? []) all.push(eb.or([inNote([text]), inMetadata([text], 'note')]))
  // Unary plus: the bound filters rows; it must never become the index the page is read through.
  if (filter.rowsThrough !== undefined) all.push(sql<SqlBool>`+c.id <= ${filter.rowsThrough}`)
  if (filter.placedBy !== undefined) {
    const owner = eb.selectFrom('call_owners as o').select(sql`1`.as('one')).whereRef('o.call_id', '=', 'c.call_id')
    all.push(
      filter.placedBy === 'api' ? eb.not(eb.exists(owner)) : eb.exists(owner.where('o.user_id', '=', filter.placedBy)),
    )
  }
  return eb.and(all)
}

/** Whether the filter selects every call: no term and no filter (the export's row bound aside). */
const selectsAll = ({ numbers, texts, outcomes, notes, rowsThrough: _bound, ...rest }: CallSearchFilter) =>
  numbers.length === 0 &&
  texts.length === 0 &&
  !outcomes?.length &&
  !notes?.length &&
  Object.values(rest).every((value) => value === undefined)

/** Whether the filter is one text term and nothing else (an export's row bound is something else). */
const lone = (filter: CallSearchFilter) =>
  filter.texts.length === 1 && filter.rowsThrough === undefined && selectsAll({ ...filter, texts: [] })

/** Sorted as JavaScript compares strings, whichever way SQLite returned them (it orders UTF-8 bytes). */
const inCodeOrder = (keys: string[]) => keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/** Filters whose index bounds the rows a scan reads: a date range, a caller ID, a status of calls in flight (few). */
const indexNarrows = (filter: CallSearchFilter) =>
  filter.fromMs !== undefined ||
  filter.toMs !== undefined ||
  filter.callerId !== undefined ||
  (filter.status !== undefined && !FINISHED_CALL_STATUSES.includes(filter.status))

/** Filters a scan checks row by row, with no index: they may pass few of the rows it reads. */
const rowChecked = (filter: CallSearchFilter) =>
  [
    filter.hasRecording,
    filter.voicemailDrop,
    filter.minDuration,
    filter.maxDuration,
    filter.placedBy,
    filter.outcome,
  ].some((value) => value !== undefined) ||
  (filter.outcomes?.length ?? 0) > 0 ||
  (filter.notes?.length ?? 0) > 0

// Past the store's manyTrigramMatches (its adapter: 2,000 on SQLite) a scan in time order fills a page sooner
// than sorting every trigram match.
// With a filter checked row by row the scan may read many rows for each it keeps: the trigram table stays
// the better way up to ten times as many matches.
const ROW_CHECKED_FACTOR = 10

/**
 * `manyMatches`: where a scan in time order takes over from the trigram matches (the store's own figure; a test
 * forces the scan with 0). `fewInMetadata`: how many rows whose metadata may hold a term a scan reads first
 * (mayHold; the store's `fewMetadataMatches`, none on SQLite); given, they are read for every scan (a test's),
 * else only where a scan checks many rows.
 */
export function createCallSearchQueries(
  db: ConsoleDb,
  store: StoreAdapter,
  manyMatches = store.manyTrigramMatches,
  fewInMetadata?: number,
) {
  const metadataBound = fewInMetadata ?? store.fewMetadataMatches
  const conditionsOf = (eb: Eb, filter: CallSearchFilter, plan: TermPlan) => conditions(eb, store, filter, plan)

  /** The key's distinct values, a seek each (a loose index scan), or null past FEW_VALUES of them. */
  async function fewValuesOf(key: string): Promise<string[] | null> {
    const { rows } = await sql<{ value: string }>`with recursive v(value) as (
        select min(value_lower) from indexed_call_metadata where key_lower = ${key}
        union all
        select (select min(value_lower) from indexed_call_metadata where key_lower = ${key} and value_lower > v.value)
        from v where v.value is not null)
      select value from v where value is not null limit ${FEW_VALUES + 1}`.execute(db)
    return rows.length > FEW_VALUES ? null : rows.map((row) => row.value)
  }

  /** The `key:value` terms whose key holds few values, each with the values that contain it (as `contains` finds). */
  async function keyValuesOf(filter: CallSearchFilter): Promise<KeyValues[]> {
    const found: KeyValues[] = []
    // A shorter term goes to no trigram table either: it is checked row by row, as before.
    for (const { key, text } of filter.texts) {
      if (key === null || !trigramReady(text)) continue
      const values = await fewValuesOf(key.toLowerCase())
      if (values !== null) found.push({ key, text, values: values.filter((value) => value.includes(text)) })
    }
    return found
  }

  /** A query's rows counted up to threshold + 1: counting stops there, so it is cheap whatever the term. */
  async function countUpTo(rows: RawBuilder<unknown>, threshold: number) {
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from (${rows} limit ${threshold + 1})
      as matched`.execute(db)
    return Number(counted[0]?.n ?? 0)
  }
  const few = async (rows: RawBuilder<unknown>, threshold: number) => (await countUpTo(rows, threshold)) <= threshold

  const matching = (groups: readonly TermGroup[]) =>
    sql`select rowid from indexed_call_text where ${store.textMatches('indexed_call_text', groups)}`

  /** The trigram table's rows that hold a term of every group, or null past `threshold` of them. */
  async function idsUpTo(groups: readonly TermGroup[], threshold: number): Promise<number[] | null> {
    const { rows } = await sql<{ rowid: number }>`${matching(groups)} limit ${threshold + 1}`.execute(db)
    return rows.length > threshold ? null : rows.map((row) => Number(row.rowid))
  }

  /** mayHold: each term's rows whose trigram metadata column may hold it, when they are few. */
  async function mayHoldOf(filter: CallSearchFilter, threshold: number): Promise<TermPlan['mayHold']> {
    const inMetadata = async (texts: readonly string[]) =>
      texts.length > 0 && texts.every(trigramReady)
        ? idsUpTo([texts.map((text) => ({ column: 'metadata' as const, text, narrowsOnly: true }))], threshold)
        : null
    const numbers = []
    for (const { texts } of filter.numbers) numbers.push(await inMetadata(texts))
    const texts = []
    for (const term of filter.texts) texts.push(term.key === null ? await inMetadata([term.text]) : null)
    return { numbers, texts }
  }

  async function planOf(filter: CallSearchFilter): Promise<TermPlan> {
    const keyValues = await keyValuesOf(filter)
    const terms = textTerms(filter, keyValues)
    const threshold = rowChecked(filter) ? manyMatches * ROW_CHECKED_FACTOR : manyMatches
    const [narrowest] = keyValues
    if (narrowest !== undefined && (await few(keyValueRows(narrowest), threshold)))
      return { via: 'trigrams', keyValues }
    const counted = terms.length > 0 ? await countUpTo(matching(terms), threshold) : Number.POSITIVE_INFINITY
    if (counted <= threshold) {
      // Their ids, handed to the page and the total so neither reads the trigram index again; counted first, since
      // handing over thousands only to learn they are too many cost more than the count (SQLite, an area code at a
      // million calls: 35 ms against 3). Past manyMatches (the mark without a row-checked filter's factor) the
      // list cost SQLite more than its trigram index takes to read them again: 20,000 ids, 5 to 30 ms.
      const matches = counted <= manyMatches ? await idsUpTo(terms, manyMatches) : null
      return { via: 'trigrams', keyValues, ...(matches ? { matches } : {}) }
    }
    // Only where rows are checked by the thousand for each kept (a date range counted, a filter checked row by row):
    // elsewhere a page fills, or a count reaches its cap, after few rows, and the read would cost more than it saves.
    const checksMany = indexNarrows(filter) || rowChecked(filter) || fewInMetadata !== undefined
    if (!checksMany || metadataBound === 0) return { via: 'scan', keyValues }
    return { via: 'scan', keyValues, mayHold: await mayHoldOf(filter, Math.min(threshold, metadataBound)) }
  }

  /**
   * The calls the filter selects, read the cheapest way to count them. Few trigram matches: through the
   * table. Many, with a filter an index narrows: the rows that filter selects, each checked. Many, and
   * nothing narrows: the key's values, or the trigram table, first (a cross join keeps that order), so a cap stops
   * reading it, where `id in (…)` collects every match first (a term in every call: 300 ms for what takes 2).
   */
  function selected(filter: CallSearchFilter, plan: TermPlan) {
    const terms = textTerms(filter, plan.keyValues)
    const [narrowest] = plan.keyValues
    if (plan.via === 'trigrams' || (terms.length === 0 && !narrowest) || indexNarrows(filter))
      return db
        .selectFrom('indexed_calls as c')
        .select('c.call_id')
        .where((eb) => conditionsOf(eb, filter, plan))
    // Each row is still checked as a scan checks it: the values and the table only narrow.
    const scan: TermPlan = { via: 'scan', keyValues: plan.keyValues, mayHold: plan.mayHold }
    if (narrowest)
      return (
        db
          .selectFrom(sql<{ call_row: number }>`(${keyValueRows(narrowest)})`.as('kv'))
          .crossJoin('indexed_calls as c')
          .select('c.call_id')
          // A call whose keys differ only in case has a row for each.
          .distinct()
          .whereRef('c.id', '=', 'kv.call_row')
          .where((eb) => conditionsOf(eb, filter, { ...scan, readThrough: narrowest }))
      )
    return db
      .selectFrom(sql<{ rowid: number }>`indexed_call_text`.as('t'))
      .crossJoin('indexed_calls as c')
      .select('c.call_id')
      .whereRef('c.id', '=', 't.rowid')
      .where(store.textMatches('t', terms))
      .where((eb) => conditionsOf(eb, filter, scan))
  }

  /** Calls with who placed each (null for calls this console did not place), their outcome and note. */
  const callRows = () =>
    db
      .selectFrom('indexed_calls as c')
      .leftJoin('call_owners as o', 'o.call_id', 'c.call_id')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .leftJoin('call_outcomes as w', 'w.call_id', 'c.call_id')
      .leftJoin('outcome_kinds as k', 'k.id', 'w.kind_id')
      .leftJoin('call_notes as n', 'n.call_id', 'c.call_id')
      .selectAll('c')
      .select(['o.user_id as owner_id', 'u.email as owner_email'])
      .select(['w.kind_id as outcome_id', 'k.label as outcome_label', 'n.text as note'])

  /** A page after `after`, newest first. */
  const pageOf = (filter: CallSearchFilter, plan: TermPlan, after: SearchKey | null, limit: number) =>
    callRows()
      .where((eb) => conditionsOf(eb, filter, plan))
      // A row value, not `a < x or (a = x and b < y)`: SQLite seeks the time index to it, where the OR
      // form scans from the newest call (a page 900,000 calls deep took 270 ms instead of 17).
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple('c.created_at', 'c.call_id'), '<', eb.tuple(after?.createdAt ?? 0, after?.callId ?? '')),
        ),
      )
      .orderBy('c.created_at', 'desc')
      .orderBy('c.call_id', 'desc')
      .limit(limit)
      .execute()

  /** The distinct keys of the whole index, in key order: a seek of the key index per key (a loose index scan). */
  const everyKey = async (limit: number) => {
    const { rows } = await sql<{ key: string }>`with recursive k(key) as (
        select min(key) from indexed_call_metadata
        union all
        select (select min(key) from indexed_call_metadata where key > k.key) from k where k.key is not null)
      select key from k where key is not null limit ${limit}`.execute(db)
    return rows.map((row) => row.key)
  }

  /**
   * The keys of the selected calls' metadata rows, read call by call (a cross join keeps the calls outside:
   * SQLite would otherwise walk the key index in key order to skip the sort, all of it). Stops at `limit`.
   */
  const keysOfSelected = async (filter: CallSearchFilter, plan: TermPlan, limit: number) => {
    const rows = await db
      .selectFrom('indexed_calls as c')
      .crossJoin('indexed_call_metadata as m')
      .select('m.key')
      .distinct()
      .whereRef('m.call_row', '=', 'c.id')
      .where((eb) => conditionsOf(eb, filter, plan))
      .limit(limit)
      .execute()
    return rows.map((row) => row.key)
  }

  return {
    /** How the filter's terms are best found: once per search, for its page and its count. */
    plan: planOf,
    /** A page, with who placed each call (null for calls this console did not place). */
    page: async (filter: CallSearchFilter, after: SearchKey | null, limit: number, plan?: TermPlan) =>
      pageOf(filter, plan ?? (await planOf(filter)), after, limit),
    /**
     * Every call the filter selects now, newest first, fixed (call-selection.ts): an export's rows, counted, and
     * read `size` at a time however the index changes meanwhile.
     */
    selection: async (filter: CallSearchFilter) =>
      fixSelection(
        db,
        selected(filter, await planOf(filter))
          .clearSelect()
          .select(['c.id', 'c.created_at', 'c.call_id']),
        (ids) => callRows().where('c.id', 'in', ids).execute(),
      ),
    /** The newest index row (0 when there is none): what an export's `rowsThrough` bounds it to. */
    lastRow: async () => {
      const row = await db
        .selectFrom('indexed_calls')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
      return Number(row?.id ?? 0)
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
    /**
     * `count`, with the billed minutes of the calls counted (of ended calls whose details are in, as the usage
     * page counts them: usage/README.md) in the same read; the minutes mean nothing past the cap.
     */
    countWithMinutes: async (filter: CallSearchFilter, cap: number, given?: TermPlan) => {
      const plan = given ?? (await planOf(filter))
      const [narrowest] = plan.keyValues
      // A lone `key:value` term on many calls (an agent's name): past the cap its count is all there is to say (no
      // minutes), and the key's index says it alone, without reading a call row (10,001 of them otherwise).
      if (plan.via === 'scan' && narrowest && lone(filter)) {
        const { rows } = await sql<{ n: number }>`select count(*) as n from (select call_row from
          (${keyValueRows(narrowest)}) as kv group by call_row limit ${cap + 1}) as calls`.execute(db)
        const count = Number(rows[0]?.n ?? 0)
        if (count > cap) return { count, minutes: 0 }
      }
      const matching = selected(filter, plan)
        .select(['c.billed_minutes', 'c.status', 'c.needs_details'])
        .limit(cap + 1)
      const row = await db
        .selectFrom(matching.as('m'))
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          sql<number | null>`sum(case when m.status in (${sql.join(FINISHED_CALL_STATUSES)})
            and m.needs_details = 0 then m.billed_minutes end)`.as('minutes'),
        ])
        .executeTakeFirstOrThrow()
      return { count: Number(row.count), minutes: Number(row.minutes ?? 0) }
    },
    /**
     * The metadata keys (as the API spells them) of the calls the filter selects, sorted, and no more than
     * cap + 1 of them: more than `cap` says "too many to list". The index's own keys come first, from a
     * seek per key; the selected calls are then read only until each of those keys has turned up, so a
     * key missing from the selection costs a pass over it (a million calls: about a second), any other nothing.
     * A key whose every value is null has no row, so it is not found.
     */
    metadataKeys: async (filter: CallSearchFilter, cap: number): Promise<string[]> => {
      const indexKeys = await everyKey(cap + 1)
      if (selectsAll(filter) || indexKeys.length === 0) return inCodeOrder(indexKeys)
      return inCodeOrder(await keysOfSelected(filter, await planOf(filter), indexKeys.length))
    },
  }
}

export type SearchRow = Awaited<ReturnType<ReturnType<typeof createCallSearchQueries>['page']>>[number]
