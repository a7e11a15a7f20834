// What both delivery tables share (alert_deliveries for the alert channels, integration_deliveries for the
// integrations): one row per message to one destination, claimed by one console instance at a time. The claim (an
// UPDATE that re-checks claimed_until) hands each due delivery to one sender, and an outcome is recorded only
// while the claim holds, on SQLite and on PostgreSQL alike. What differs per table (its destination's column, what
// makes a row once, the log's join) stays in the table's own file, which passes it here.
import type { Generated, Insertable, Kysely, Selectable, SelectQueryBuilder } from 'kysely'
import { sql } from 'kysely'
import type { ConsoleDb } from './database'
import type { ConsoleDatabase } from './schema'

type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed'

/** The columns every delivery table has: the message, its state and its last attempt. */
interface QueueColumns {
  id: string
  event_type: string
  payload: string
  status: DeliveryStatus
  attempts: Generated<number>
  next_attempt_at: number | null
  claimed_until: number | null
  last_attempt_at: number | null
  response_status: number | null
  response_time_ms: number | null
  response_excerpt: string | null
  created_at: number
}

/** The tables with every queue column: the compiler refuses any other name, which keeps the cast below true. */
type DeliveryTable = {
  [K in keyof ConsoleDatabase]: ConsoleDatabase[K] extends QueueColumns ? K : never
}[keyof ConsoleDatabase]

/** A claimed delivery as the worker holds it; each table adds its destination's id and what else it carries. */
export interface ClaimedDelivery {
  id: string
  eventType: string
  payload: string
  attempts: number
  /** The claim's end: the outcome is recorded only while it is still ours. */
  claimedUntil: number
}

export interface DeliveryOutcome {
  status: DeliveryStatus
  attemptedAt: number
  nextAttemptAt: number | null
  responseStatus: number | null
  responseTimeMs: number | null
  responseExcerpt: string | null
}

/** What every row of a delivery log shows of the delivery itself, after its destination's fields. */
export interface DeliveryAttempts {
  status: DeliveryStatus
  attempts: number
  createdAt: number
  lastAttemptAt: number | null
  nextAttemptAt: number | null
  responseStatus: number | null
  responseTimeMs: number | null
  responseExcerpt: string | null
}

/** A table's own narrowing of its log besides the destination (the alerts' `ruleId`), as its file reads them. */
type DeliveryFilters = Readonly<Record<string, string | undefined>>

export interface DeliveryPage {
  /** The last row of the previous page: its created_at and id. */
  after: { createdAt: number; id: string } | null
  limit: number
}

/** The log's select: the table as `d`, joined to its destinations; the attempt's columns are read here. */
type DeliveryLog<Row> = SelectQueryBuilder<{ d: QueueColumns }, 'd', Row>

/** The log columns this module reads into DeliveryAttempts; each table's log selects them besides its own. */
export const ATTEMPT_COLUMNS = [
  'd.status',
  'd.attempts',
  'd.created_at',
  'd.last_attempt_at',
  'd.next_attempt_at',
  'd.response_status',
  'd.response_time_ms',
  'd.response_excerpt',
] as const

type AttemptSelect = Pick<Selectable<QueueColumns>, (typeof ATTEMPT_COLUMNS)[number] extends `d.${infer C}` ? C : never>

const num = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value))

const attemptsOf = (row: AttemptSelect): DeliveryAttempts => ({
  status: row.status,
  attempts: Number(row.attempts),
  createdAt: Number(row.created_at),
  lastAttemptAt: num(row.last_attempt_at),
  nextAttemptAt: num(row.next_attempt_at),
  responseStatus: num(row.response_status),
  responseTimeMs: num(row.response_time_ms),
  responseExcerpt: row.response_excerpt,
})

/** A new row as its table's file writes it: the queue adds that it is pending and due at once. */
type NewRow<T extends DeliveryTable> = Omit<Insertable<ConsoleDatabase[T]>, 'status' | 'next_attempt_at'> & {
  created_at: number
}

interface DeliveryTableSpec<
  T extends DeliveryTable,
  New,
  Due,
  Select extends AttemptSelect,
  Row,
  Destination extends string,
> {
  table: T
  /** The unique pair that makes a message once per destination (a firing's, an event's). */
  oncePer: readonly [keyof ConsoleDatabase[T] & string, keyof ConsoleDatabase[T] & string]
  /** A new message in the table's own columns, as its file names them. */
  columnsOf: (delivery: New) => NewRow<T>
  /** The page query's field that names one destination (`channelId`, `integrationId`). */
  destinationField: Destination
  /** What a claimed row carries besides ClaimedDelivery's fields: its destination's id, its call. */
  due: (row: Selectable<ConsoleDatabase[T]>) => Omit<Due, keyof ClaimedDelivery>
  /**
   * The log: `table as d` joined to its destinations, selecting ATTEMPT_COLUMNS and its own, of one destination
   * when given. Read here as a select of `d` with the queue's columns (which it has, whatever else it joins).
   */
  log: (destinationId: string | undefined, filters: DeliveryFilters) => { execute(): Promise<Select[]> }
  /** A log row as the routes read it, given what is read of every delivery alike. */
  logRow: (row: Select, attempts: DeliveryAttempts) => Row
}

export function createDeliveryQueue<
  T extends DeliveryTable,
  New,
  Due extends ClaimedDelivery,
  Select extends AttemptSelect,
  Row,
  Destination extends string,
>(db: ConsoleDb, spec: DeliveryTableSpec<T, New, Due, Select, Row, Destination>) {
  // Every DeliveryTable has the queue's columns (its definition says so), so the shared queries are typed on those.
  const queue = db as unknown as Kysely<Record<DeliveryTable, QueueColumns>>
  const table: DeliveryTable = spec.table
  const log = (destinationId?: string, filters: DeliveryFilters = {}) =>
    spec.log(destinationId, filters) as unknown as DeliveryLog<Select>
  const toRow = (row: Select) => spec.logRow(row, attemptsOf(row))

  return {
    /** New messages, due now; one whose `oncePer` pair is already there is left as it is. Returns how many were new. */
    insert: async (deliveries: New[]): Promise<number> => {
      if (deliveries.length === 0) return 0
      const result = await queue
        .insertInto(table)
        .values(
          deliveries.map((delivery) => {
            const row = spec.columnsOf(delivery)
            return { ...row, status: 'pending', next_attempt_at: row.created_at } as Insertable<QueueColumns>
          }),
        )
        .onConflict((oc) => oc.columns(spec.oncePer as readonly string[] as (keyof QueueColumns)[]).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0)
    },

    /**
     * Claims up to `limit` due deliveries until `leaseUntil`. The outer WHERE repeats the conditions, so
     * when two instances pick the same rows, the second's UPDATE finds them claimed and takes none
     * (SQLite runs one writer at a time; PostgreSQL re-checks the WHERE on the row it waited for).
     */
    claimDue: async (now: number, leaseUntil: number, limit: number): Promise<Due[]> => {
      const due = queue
        .selectFrom(table)
        .select('id')
        .where('status', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
      const rows = await queue
        .updateTable(table)
        .set({ claimed_until: leaseUntil })
        .where('id', 'in', due)
        .where('status', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returningAll()
        .execute()
      return rows.map(
        (row) =>
          ({
            id: row.id,
            eventType: row.event_type,
            payload: row.payload,
            attempts: Number(row.attempts),
            claimedUntil: leaseUntil,
            ...spec.due(row as Selectable<ConsoleDatabase[T]>),
          }) as Due,
      )
    },

    /** One attempt's outcome, only while the claim is still ours (a sender slower than its lease loses it). */
    record: async (delivery: ClaimedDelivery, outcome: DeliveryOutcome): Promise<boolean> => {
      const result = await queue
        .updateTable(table)
        .set({
          status: outcome.status,
          attempts: delivery.attempts + 1,
          last_attempt_at: outcome.attemptedAt,
          next_attempt_at: outcome.nextAttemptAt,
          claimed_until: null,
          response_status: outcome.responseStatus,
          response_time_ms: outcome.responseTimeMs,
          response_excerpt: outcome.responseExcerpt,
        })
        .where('id', '=', delivery.id)
        .where('claimed_until', '=', delivery.claimedUntil)
        .where('attempts', '=', delivery.attempts)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /**
     * The next time one may be claimed, so the worker sleeps until then (null: none waiting). A delivery another
     * instance holds counts from its lease's end, or the worker would wake again and again while it is sent.
     */
    nextDueAt: async (): Promise<number | null> => {
      const row = await queue
        .selectFrom(table)
        .select(
          sql<
            number | null
          >`min(case when claimed_until > next_attempt_at then claimed_until else next_attempt_at end)`.as('at'),
        )
        .where('status', 'in', ['pending', 'retrying'])
        .executeTakeFirst()
      return row?.at == null ? null : Number(row.at)
    },

    find: async (id: string): Promise<Row | null> => {
      const row = await log().where('d.id', '=', id).executeTakeFirst()
      return row ? toRow(row as Select) : null
    },

    /** Newest first, of one destination when given; one more than `limit` tells whether there is a next page. */
    page: async (
      query: DeliveryPage & Partial<Record<Destination, string>> & { filters?: DeliveryFilters },
    ): Promise<Row[]> => {
      let select = log(query[spec.destinationField], query.filters)
      const after = query.after
      if (after)
        select = select.where((eb) =>
          eb.or([
            eb('d.created_at', '<', after.createdAt),
            eb.and([eb('d.created_at', '=', after.createdAt), eb('d.id', '<', after.id)]),
          ]),
        )
      const rows = await select
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(query.limit + 1)
        .execute()
      return rows.map(toRow)
    },
  }
}
