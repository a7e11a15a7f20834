// The call index added up for the usage page (usage/README.md): one grouped read per breakdown, over the
// calls created in [from, to). Every read returns tallies (usage/call-figures.ts) that add, so the routes
// make days, hours and weekdays of 15-minute UTC slots, and totals and "Other" of rows, without reading again.
import { type RawBuilder, sql } from 'kysely'
import { FINISHED_CALL_STATUSES } from '../../../src/api/contract/schemas'
import type { ConsoleDb } from './database'

/** The store groups calls by 15-minute UTC slots (created_at / SLOT_MS); usage/zone-buckets.ts maps them to a zone's calendar. */
export const SLOT_MS = 15 * 60_000

/** The counts of a set of calls as the store adds them up; usage/call-figures.ts adds them and makes the figures. */
export interface Tally {
  calls: number
  ended: number
  completed: number
  /** Billed minutes of ended calls whose details are in. */
  minutes: number
  /** Seconds and count of completed calls with a known duration: the average's parts. */
  durationSum: number
  durationCount: number
  /** Calls not ended yet. */
  inFlight: number
  /** Ended calls whose billed minutes are not in the sum: details queued, or given without them. */
  awaitingDetails: number
}

export const emptyTally = (): Tally => ({
  calls: 0,
  ended: 0,
  completed: 0,
  minutes: 0,
  durationSum: 0,
  durationCount: 0,
  inFlight: 0,
  awaitingDetails: 0,
})

/** Keys read to find other spellings of one: far more than an account uses. */
const KEYS_READ_MAX = 1_000

export interface UsageRange {
  fromMs: number
  toMs: number
}

export interface GroupTally {
  /** The group's value: a slot number, a caller ID, a status, a user id (null: placed outside), a metadata value. */
  group: string | number | null
  /** The row id of the group's newest call. */
  sample: number
  tally: Tally
}

const COMPLETED = 'DIALER_COMPLETED'

/**
 * One row per group, status and detail state: plain sums the covering index feeds, where a CASE per figure
 * cost a third more at a million calls (bench/usage.ts); tallyRows makes the figures of them.
 */
interface PartRow {
  grp: string | number | null
  status: string
  needs_details: number
  calls: number
  billed: number | null
  billed_calls: number
  duration: number | null
  duration_calls: number
  sample: number | null
}

/** Adds a status part of a group into its tally: the counting rules of usage/README.md. */
function addPart(tally: Tally, row: PartRow): void {
  const calls = Number(row.calls)
  tally.calls += calls
  if (!FINISHED_CALL_STATUSES.includes(row.status)) {
    tally.inFlight += calls
    return
  }
  tally.ended += calls
  const detailsIn = Number(row.needs_details) === 0
  // Details in: the billed minutes of those that have them count; the others await (or never had) them.
  if (detailsIn) tally.minutes += Number(row.billed ?? 0)
  tally.awaitingDetails += detailsIn ? calls - Number(row.billed_calls) : calls
  if (row.status === COMPLETED) {
    tally.completed += calls
    tally.durationSum += Number(row.duration ?? 0)
    tally.durationCount += Number(row.duration_calls)
  }
}

function tallyRows(rows: readonly PartRow[]): GroupTally[] {
  const groups = new Map<string | number | null, GroupTally>()
  for (const row of rows) {
    let group = groups.get(row.grp)
    if (!group) {
      group = { group: row.grp, sample: 0, tally: emptyTally() }
      groups.set(row.grp, group)
    }
    group.sample = Math.max(group.sample, Number(row.sample ?? 0))
    addPart(group.tally, row)
  }
  return [...groups.values()]
}

/** A metadata value as the API gave it, as text: a string as it is, anything else as JSON writes it. */
function spelledValue(metadata: string | null, key: string): string | null {
  try {
    const value: unknown = metadata === null ? undefined : (JSON.parse(metadata) as Record<string, unknown>)?.[key]
    if (value === undefined || value === null) return null
    return typeof value === 'string' ? value : JSON.stringify(value)
  } catch {
    return null
  }
}

export function createUsageBreakdownQueries(db: ConsoleDb) {
  /** Whether the index holds another spelling of the key (Team beside team): a seek per distinct key. */
  const otherSpelling = async (key: string) => {
    const { rows } = await sql<{ key: string }>`with recursive k(key) as (
        select min(key) from indexed_call_metadata
        union all
        select (select min(key) from indexed_call_metadata where key > k.key) from k where k.key is not null)
      select key from k where key is not null limit ${KEYS_READ_MAX + 1}`.execute(db)
    const lower = key.toLowerCase()
    // More keys than it reads: it cannot tell, so it says yes and the exact read is made.
    return rows.length > KEYS_READ_MAX || rows.some((row) => row.key !== key && row.key.toLowerCase() === lower)
  }

  /** Calls created in [from, to), grouped; `join`: a table the group reads; `sample`: name each group's newest call. */
  const grouped = async (range: UsageRange, group: RawBuilder<unknown>, join = sql``, sample = false) => {
    const { rows } = await sql<PartRow>`select ${group} as grp, c.status as status, c.needs_details as needs_details,
        count(*) as calls, sum(c.billed_minutes) as billed, count(c.billed_minutes) as billed_calls,
        sum(c.duration_seconds) as duration, count(c.duration_seconds) as duration_calls,
        ${sample ? sql`max(c.id)` : sql`null`} as sample
      from indexed_calls c ${join}
      where c.created_at >= ${range.fromMs} and c.created_at < ${range.toMs}
      group by grp, c.status, c.needs_details`.execute(db)
    return tallyRows(rows)
  }

  return {
    /** By 15-minute UTC slot (created_at / SLOT_MS, integer division): days, hours and weekdays in any zone. */
    bySlot: (range: UsageRange) => grouped(range, sql`c.created_at / ${sql.lit(SLOT_MS)}`),
    byCallerId: (range: UsageRange) => grouped(range, sql`c.caller_id`),
    byStatus: (range: UsageRange) => grouped(range, sql`c.status`),
    /** By the console user who placed the call; null: placed outside this console (through the API). */
    byPlacer: (range: UsageRange) =>
      grouped(range, sql`o.user_id`, sql`left join call_owners o on o.call_id = c.call_id`),
    /** Issue 51: by the outcome recorded after the call (its kind id); null: none recorded. */
    byRecordedOutcome: (range: UsageRange) =>
      grouped(range, sql`w.kind_id`, sql`left join call_outcomes w on w.call_id = c.call_id`),
    /**
     * Issue 51, item 8: per person who placed calls here, their calls, the seconds of the completed ones, and
     * their calls per recorded outcome (kind null: none recorded).
     */
    people: async (range: UsageRange) => {
      const { rows } = await sql<{ user_id: string; kind_id: string | null; calls: number; talk: number | null }>`
        select o.user_id as user_id, w.kind_id as kind_id, count(*) as calls,
          sum(case when c.status = ${COMPLETED} then c.duration_seconds end) as talk
        from indexed_calls c
        join call_owners o on o.call_id = c.call_id
        left join call_outcomes w on w.call_id = c.call_id
        where c.created_at >= ${range.fromMs} and c.created_at < ${range.toMs}
        group by o.user_id, w.kind_id`.execute(db)
      return rows.map((row) => ({
        userId: row.user_id,
        kindId: row.kind_id,
        calls: Number(row.calls),
        talkSeconds: Number(row.talk ?? 0),
      }))
    },
    /** The outcome kinds' labels, archived ones too. */
    outcomeLabels: async () =>
      new Map(
        (await db.selectFrom('outcome_kinds').select(['id', 'label']).execute()).map((row) => [row.id, row.label]),
      ),
    /**
     * By a metadata key's value, lower-cased as search matches it (the search table's row of it, read through
     * its covering index, where parsing each call's JSON took twice as long); null: calls without the key, or
     * whose metadata is not in yet. `sample`: the group's newest call, whose spelling names the row.
     */
    byMetadata: async (range: UsageRange, key: string) => {
      const lower = key.toLowerCase()
      // The key's lower-cased form alone reads the covering index (a third faster); it names the key exactly
      // unless another spelling of it is in the index, when the key's own rows are read.
      const exact = (await otherSpelling(key)) ? sql`and m.key = ${key}` : sql``
      return grouped(
        range,
        sql`m.value_lower`,
        sql`left join indexed_call_metadata m on m.call_row = c.id and m.key_lower = ${lower} ${exact}`,
        true,
      )
    },
    /** Each sample call's value of the key, as the API spelled it (spelledValue). */
    spellings: async (callRows: readonly number[], key: string) => {
      if (callRows.length === 0) return new Map<number, string | null>()
      const rows = await db.selectFrom('indexed_calls').select(['id', 'metadata']).where('id', 'in', callRows).execute()
      return new Map(rows.map((row) => [row.id, spelledValue(row.metadata, key)]))
    },
    /** Emails of the users named, for the person breakdown's labels. */
    emailsOf: async (userIds: readonly string[]) => {
      if (userIds.length === 0) return new Map<string, string>()
      const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
      return new Map(rows.map((row) => [row.id, row.email]))
    },
  }
}
