// The alert deliveries: one row per message to one channel, claimed by one console instance at a time.
// What must happen once is the store's to guarantee: the unique (firing_id, channel_id) pair fans a firing
// out once per channel, and the claim (an UPDATE that re-checks claimed_until) hands each due delivery to
// one sender, on SQLite and on PostgreSQL alike.
import { sql } from 'kysely'
import type { ConsoleDb } from './database'
import type { AlertDeliveriesTable } from './schema'

type DeliveryStatus = AlertDeliveriesTable['status']

export interface NewDelivery {
  id: string
  channelId: string
  firingId: string | null
  eventType: string
  payload: string
  createdAt: number
}

export interface DueDelivery {
  id: string
  channelId: string
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

/** A row of the log: the delivery with its channel's name and kind. */
export interface DeliveryLogRow {
  id: string
  channelId: string
  channelName: string
  channelKind: 'webhook' | 'email'
  eventType: string
  firingId: string | null
  status: DeliveryStatus
  attempts: number
  createdAt: number
  lastAttemptAt: number | null
  nextAttemptAt: number | null
  responseStatus: number | null
  responseTimeMs: number | null
  responseExcerpt: string | null
}

export interface DeliveryPageQuery {
  /** The last row of the previous page: its created_at and id. */
  after: { createdAt: number; id: string } | null
  limit: number
  channelId?: string
}

const num = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value))

export function createAlertDeliveryQueries(db: ConsoleDb) {
  const log = () =>
    db
      .selectFrom('alert_deliveries as d')
      .innerJoin('alert_channels as c', 'c.id', 'd.channel_id')
      .select([
        'd.id',
        'd.channel_id',
        'c.name as channel_name',
        'c.kind as channel_kind',
        'd.event_type',
        'd.firing_id',
        'd.status',
        'd.attempts',
        'd.created_at',
        'd.last_attempt_at',
        'd.next_attempt_at',
        'd.response_status',
        'd.response_time_ms',
        'd.response_excerpt',
      ])

  type LogSelect = Awaited<ReturnType<ReturnType<typeof log>['executeTakeFirstOrThrow']>>
  const toLogRow = (row: LogSelect): DeliveryLogRow => ({
    id: row.id,
    channelId: row.channel_id,
    channelName: row.channel_name,
    channelKind: row.channel_kind,
    eventType: row.event_type,
    firingId: row.firing_id,
    status: row.status,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    lastAttemptAt: num(row.last_attempt_at),
    nextAttemptAt: num(row.next_attempt_at),
    responseStatus: num(row.response_status),
    responseTimeMs: num(row.response_time_ms),
    responseExcerpt: row.response_excerpt,
  })

  return {
    /** New messages, due now; a (firing, channel) pair already there is left as it is. Returns how many were new. */
    insert: async (rows: NewDelivery[]): Promise<number> => {
      if (rows.length === 0) return 0
      const result = await db
        .insertInto('alert_deliveries')
        .values(
          rows.map((row) => ({
            id: row.id,
            channel_id: row.channelId,
            firing_id: row.firingId,
            event_type: row.eventType,
            payload: row.payload,
            status: 'pending' as const,
            next_attempt_at: row.createdAt,
            created_at: row.createdAt,
          })),
        )
        .onConflict((oc) => oc.columns(['firing_id', 'channel_id']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0)
    },

    /**
     * Claims up to `limit` due deliveries until `leaseUntil`. The outer WHERE repeats the conditions, so
     * when two instances pick the same rows, the second's UPDATE finds them claimed and takes none
     * (SQLite runs one writer at a time; PostgreSQL re-checks the WHERE on the row it waited for).
     */
    claimDue: async (now: number, leaseUntil: number, limit: number): Promise<DueDelivery[]> => {
      const due = db
        .selectFrom('alert_deliveries')
        .select('id')
        .where('status', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
      const rows = await db
        .updateTable('alert_deliveries')
        .set({ claimed_until: leaseUntil })
        .where('id', 'in', due)
        .where('status', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returning(['id', 'channel_id', 'event_type', 'payload', 'attempts'])
        .execute()
      return rows.map((row) => ({
        id: row.id,
        channelId: row.channel_id,
        eventType: row.event_type,
        payload: row.payload,
        attempts: Number(row.attempts),
        claimedUntil: leaseUntil,
      }))
    },

    /** One attempt's outcome, only while the claim is still ours (a sender slower than its lease loses it). */
    record: async (delivery: DueDelivery, outcome: DeliveryOutcome): Promise<boolean> => {
      const result = await db
        .updateTable('alert_deliveries')
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
      const row = await db
        .selectFrom('alert_deliveries')
        .select(
          sql<
            number | null
          >`min(case when claimed_until > next_attempt_at then claimed_until else next_attempt_at end)`.as('at'),
        )
        .where('status', 'in', ['pending', 'retrying'])
        .executeTakeFirst()
      return row?.at == null ? null : Number(row.at)
    },

    find: async (id: string): Promise<DeliveryLogRow | null> => {
      const row = await log().where('d.id', '=', id).executeTakeFirst()
      return row ? toLogRow(row) : null
    },

    /** Newest first; one more than `limit` tells whether there is a next page. */
    page: async (query: DeliveryPageQuery): Promise<DeliveryLogRow[]> => {
      let select = log()
      if (query.channelId) select = select.where('d.channel_id', '=', query.channelId)
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
      return rows.map(toLogRow)
    },
  }
}
