// The integrations' deliveries: one row per event to one destination, claimed by one console instance at a
// time. Once is the store's to guarantee: the unique (event_key, integration_id) pair queues an event once per
// destination whichever instance learns of it, and the claim (an UPDATE that re-checks claimed_until) hands each
// due delivery to one sender, on SQLite and on PostgreSQL alike (as store/alert-deliveries.ts does for alerts).
import { sql } from 'kysely'
import type { ConsoleDb } from './database'
import type { IntegrationDeliveriesTable } from './schema'

type DeliveryStatus = IntegrationDeliveriesTable['status']

export interface NewIntegrationDelivery {
  id: string
  integrationId: string
  /** Null for a test: never equal, so never refused. */
  eventKey: string | null
  eventType: string
  callId: string | null
  payload: string
  createdAt: number
}

export interface DueIntegrationDelivery {
  id: string
  integrationId: string
  eventType: string
  callId: string | null
  payload: string
  attempts: number
  /** The claim's end: the outcome is recorded only while it is still ours. */
  claimedUntil: number
}

export interface IntegrationDeliveryOutcome {
  status: DeliveryStatus
  attemptedAt: number
  nextAttemptAt: number | null
  responseStatus: number | null
  responseTimeMs: number | null
  responseExcerpt: string | null
}

/** A row of the log: the delivery with its destination's name. */
export interface IntegrationDeliveryLogRow {
  id: string
  integrationId: string
  integrationName: string
  eventType: string
  callId: string | null
  status: DeliveryStatus
  attempts: number
  createdAt: number
  lastAttemptAt: number | null
  nextAttemptAt: number | null
  responseStatus: number | null
  responseTimeMs: number | null
  responseExcerpt: string | null
}

export interface IntegrationDeliveryPageQuery {
  /** The last row of the previous page: its created_at and id. */
  after: { createdAt: number; id: string } | null
  limit: number
  integrationId?: string
}

const num = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value))

export function createIntegrationDeliveryQueries(db: ConsoleDb) {
  const log = () =>
    db
      .selectFrom('integration_deliveries as d')
      .innerJoin('integrations as i', 'i.id', 'd.integration_id')
      .select([
        'd.id',
        'd.integration_id',
        'i.name as integration_name',
        'd.event_type',
        'd.call_id',
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
  const toLogRow = (row: LogSelect): IntegrationDeliveryLogRow => ({
    id: row.id,
    integrationId: row.integration_id,
    integrationName: row.integration_name,
    eventType: row.event_type,
    callId: row.call_id,
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
    /** New messages, due now; an (event, destination) pair already there is left as it is. Returns how many were new. */
    insert: async (rows: NewIntegrationDelivery[]): Promise<number> => {
      if (rows.length === 0) return 0
      const result = await db
        .insertInto('integration_deliveries')
        .values(
          rows.map((row) => ({
            id: row.id,
            integration_id: row.integrationId,
            event_key: row.eventKey,
            event_type: row.eventType,
            call_id: row.callId,
            payload: row.payload,
            status: 'pending' as const,
            next_attempt_at: row.createdAt,
            created_at: row.createdAt,
          })),
        )
        .onConflict((oc) => oc.columns(['event_key', 'integration_id']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0)
    },

    /**
     * Claims up to `limit` due deliveries until `leaseUntil`. The outer WHERE repeats the conditions, so when two
     * instances pick the same rows, the second's UPDATE finds them claimed and takes none.
     */
    claimDue: async (now: number, leaseUntil: number, limit: number): Promise<DueIntegrationDelivery[]> => {
      const due = db
        .selectFrom('integration_deliveries')
        .select('id')
        .where('status', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
      const rows = await db
        .updateTable('integration_deliveries')
        .set({ claimed_until: leaseUntil })
        .where('id', 'in', due)
        .where('status', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returning(['id', 'integration_id', 'event_type', 'call_id', 'payload', 'attempts'])
        .execute()
      return rows.map((row) => ({
        id: row.id,
        integrationId: row.integration_id,
        eventType: row.event_type,
        callId: row.call_id,
        payload: row.payload,
        attempts: Number(row.attempts),
        claimedUntil: leaseUntil,
      }))
    },

    /** One attempt's outcome, only while the claim is still ours (a sender slower than its lease loses it). */
    record: async (delivery: DueIntegrationDelivery, outcome: IntegrationDeliveryOutcome): Promise<boolean> => {
      const result = await db
        .updateTable('integration_deliveries')
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

    /** The next time one may be claimed (a held one counts from its lease's end); null: none waiting. */
    nextDueAt: async (): Promise<number | null> => {
      const row = await db
        .selectFrom('integration_deliveries')
        .select(
          sql<
            number | null
          >`min(case when claimed_until > next_attempt_at then claimed_until else next_attempt_at end)`.as('at'),
        )
        .where('status', 'in', ['pending', 'retrying'])
        .executeTakeFirst()
      return row?.at == null ? null : Number(row.at)
    },

    find: async (id: string): Promise<IntegrationDeliveryLogRow | null> => {
      const row = await log().where('d.id', '=', id).executeTakeFirst()
      return row ? toLogRow(row) : null
    },

    /** Newest first; one more than `limit` tells whether there is a next page. */
    page: async (query: IntegrationDeliveryPageQuery): Promise<IntegrationDeliveryLogRow[]> => {
      let select = log()
      if (query.integrationId) select = select.where('d.integration_id', '=', query.integrationId)
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
