// The call index added up for the usage page (usage/README.md): one grouped read per breakdown, over the
// calls created in [from, to). Every read returns tallies (usage/call-figures.ts) that add, so the routes
// make days, hours and weekdays of 15-minute UTC slots, and totals and "Other" of rows, without reading again.
import { type RawBuilder, type SqlBool, sql } from 'kysely'
import { FINISHED_CALL_STATUSES } from '../../../src/api/schemas'
import type { Tally } from '../usage/call-figures'
import { SLOT_MS } from '../usage/zone-buckets'
import type { ConsoleDb } from './database'

export interface UsageRange {
  fromMs: number
  toMs: number
}

export interface GroupTally {
  /** The group's value: a slot number, a caller ID, a status, a user id (null: placed outside), a JSON text. */
  group: string | number | null
  tally: Tally
}

const COMPLETED = 'DIALER_COMPLETED'
const ended = sql<SqlBool>`c.status in (${sql.join(FINISHED_CALL_STATUSES)})`
// Details in: the sync's queue has no fetch due for it (the detail after its end is stored).
const counted = sql<SqlBool>`${ended} and c.needs_details = 0`

/** The tally's columns, as sums over the group's calls: portable SQL (no FILTER, no boolean sums). */
const TALLY_COLUMNS = sql`count(*) as calls,
  sum(case when ${ended} then 1 else 0 end) as ended,
  sum(case when c.status = ${COMPLETED} then 1 else 0 end) as completed,
  coalesce(sum(case when ${counted} then c.billed_minutes end), 0) as minutes,
  coalesce(sum(case when c.status = ${COMPLETED} then c.duration_seconds end), 0) as duration_sum,
  sum(case when c.status = ${COMPLETED} and c.duration_seconds is not null then 1 else 0 end) as duration_count,
  sum(case when ${ended} then 0 else 1 end) as in_flight,
  sum(case when ${ended} and (c.needs_details = 1 or c.billed_minutes is null) then 1 else 0 end) as awaiting`

interface TallyRow {
  grp: string | number | null
  calls: number
  ended: number
  completed: number
  minutes: number
  duration_sum: number
  duration_count: number
  in_flight: number
  awaiting: number
}

const tallyOf = (row: TallyRow): GroupTally => ({
  group: row.grp,
  tally: {
    calls: Number(row.calls),
    ended: Number(row.ended),
    completed: Number(row.completed),
    minutes: Number(row.minutes),
    durationSum: Number(row.duration_sum),
    durationCount: Number(row.duration_count),
    inFlight: Number(row.in_flight),
    awaitingDetails: Number(row.awaiting),
  },
})

/**
 * A metadata key's value of each call as JSON text (`"sales"`, `3`, `true`), null without the key.
 * SQLite-only (its JSON operators; PostgreSQL would read `metadata::jsonb -> key`). A path names
 * any key but one holding a double quote, which json_each finds instead, row by row and slower.
 */
function metadataValue(key: string): RawBuilder<string | null> {
  if (!key.includes('"')) return sql<string | null>`c.metadata -> ${`$."${key}"`}`
  return sql<string | null>`(select case j.type when 'text' then json_quote(j.value) when 'true' then 'true'
    when 'false' then 'false' when 'null' then 'null' when 'integer' then cast(j.value as text)
    when 'real' then cast(j.value as text) else j.value end
    from json_each(c.metadata) j where j.key = ${key} limit 1)`
}

export function createUsageBreakdownQueries(db: ConsoleDb) {
  /** Calls created in [from, to), grouped; `join`: a table the group reads (call owners). */
  const grouped = async (range: UsageRange, group: RawBuilder<unknown>, join = sql``) => {
    const { rows } = await sql<TallyRow>`select ${group} as grp, ${TALLY_COLUMNS}
      from indexed_calls c ${join}
      where c.created_at >= ${range.fromMs} and c.created_at < ${range.toMs}
      group by grp`.execute(db)
    return rows.map(tallyOf)
  }

  return {
    /** By 15-minute UTC slot (created_at / SLOT_MS, integer division): days, hours and weekdays in any zone. */
    bySlot: (range: UsageRange) => grouped(range, sql`c.created_at / ${sql.lit(SLOT_MS)}`),
    byCallerId: (range: UsageRange) => grouped(range, sql`c.caller_id`),
    byStatus: (range: UsageRange) => grouped(range, sql`c.status`),
    /** By the console user who placed the call; null: placed outside this console (through the API). */
    byPlacer: (range: UsageRange) =>
      grouped(range, sql`o.user_id`, sql`left join call_owners o on o.call_id = c.call_id`),
    /** By a metadata key's value (as JSON text); null: calls without the key, or whose metadata is not in yet. */
    byMetadata: (range: UsageRange, key: string) => grouped(range, metadataValue(key)),
    /** Emails of the users named, for the person breakdown's labels. */
    emailsOf: async (userIds: readonly string[]) => {
      if (userIds.length === 0) return new Map<string, string>()
      const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute()
      return new Map(rows.map((row) => [row.id, row.email]))
    },
  }
}

export type UsageBreakdownQueries = ReturnType<typeof createUsageBreakdownQueries>
