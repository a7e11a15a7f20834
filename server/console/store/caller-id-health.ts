// Caller-ID health's reads of the call index (caller-ids/): each caller ID's newest ended calls, a period's
// ended calls by caller ID, and what the index leaves out. Run on the readers (store/sqlite/readers/) like
// the search: per caller ID a seek of indexed_calls_by_caller, newest first, so a million calls cost what
// a few hundred do.
import { sql } from 'kysely'
import { FINISHED_CALL_STATUSES, IN_FLIGHT_CALL_STATUSES } from '../../../src/api/contract/schemas'
import type { ConsoleDb } from './database'

/** An ended call as the health reads it (caller-ids/health-windows.ts): its status, duration and creation time (epoch ms). */
export interface EndedCall {
  status: string
  duration_seconds: number | null
  created_at: number
}

/** A period, from-inclusive and to-exclusive (epoch ms). */
export interface HealthPeriod {
  fromMs: number
  toMs: number
}

export interface PeriodCounts {
  caller_id: string
  ended: number
  completed: number
  short: number
  from: number
  to: number
}

export function createCallerIdHealthQueries(db: ConsoleDb) {
  return {
    /**
     * The caller IDs of the index, in order, at most `limit`: a seek of the caller index per caller ID
     * (a loose index scan, portable SQL), never a pass over the calls.
     */
    callerIds: async (limit: number): Promise<string[]> => {
      const { rows } = await sql<{ caller_id: string }>`with recursive k(caller_id) as (
          select min(caller_id) from indexed_calls
          union all
          select (select min(caller_id) from indexed_calls where caller_id > k.caller_id) from k
          where k.caller_id is not null)
        select caller_id from k where caller_id is not null limit ${limit}`.execute(db)
      return rows.map((row) => row.caller_id)
    },
    /** One caller ID's newest `limit` ended calls, newest first. */
    newestEnded: (callerId: string, limit: number): Promise<EndedCall[]> =>
      db
        .selectFrom('indexed_calls')
        .select(['status', 'duration_seconds', 'created_at'])
        .where('caller_id', '=', callerId)
        .where('status', 'in', FINISHED_CALL_STATUSES)
        .orderBy('created_at', 'desc')
        .orderBy('call_id', 'desc')
        .limit(limit)
        .execute(),
    /** Each caller ID's ended calls in the period: counts, and the first and last creation times. */
    periodCounts: async ({ fromMs, toMs }: HealthPeriod, shortSeconds: number): Promise<PeriodCounts[]> => {
      const rows = await db
        .selectFrom('indexed_calls')
        .select((eb) => [
          'caller_id',
          eb.fn.countAll<number>().as('ended'),
          sql<number>`sum(case when status = 'DIALER_COMPLETED' then 1 else 0 end)`.as('completed'),
          sql<number>`sum(case when status = 'DIALER_COMPLETED' and duration_seconds < ${shortSeconds} then 1 else 0 end)`.as(
            'short',
          ),
          eb.fn.min('created_at').as('from'),
          eb.fn.max('created_at').as('to'),
        ])
        .where('created_at', '>=', fromMs)
        .where('created_at', '<', toMs)
        .where('status', 'in', FINISHED_CALL_STATUSES)
        .groupBy('caller_id')
        .execute()
      return rows.map((row) => ({
        caller_id: row.caller_id,
        ended: Number(row.ended),
        completed: Number(row.completed),
        short: Number(row.short),
        from: Number(row.from),
        to: Number(row.to),
      }))
    },
    /**
     * Calls still in flight and ended calls whose details are not in yet, in the period when one is given:
     * what the figures leave out. Both read through an index (by status, and the partial detail queue).
     */
    leftOut: async (period: HealthPeriod | null) => {
      const inFlight = await db
        .selectFrom('indexed_calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', IN_FLIGHT_CALL_STATUSES)
        .$if(period !== null, (qb) =>
          qb.where('created_at', '>=', period?.fromMs ?? 0).where('created_at', '<', period?.toMs ?? 0),
        )
        .executeTakeFirstOrThrow()
      const awaiting = await db
        .selectFrom('indexed_calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('needs_details', '=', 1)
        .where('status', 'in', FINISHED_CALL_STATUSES)
        .$if(period !== null, (qb) =>
          qb.where('created_at', '>=', period?.fromMs ?? 0).where('created_at', '<', period?.toMs ?? 0),
        )
        .executeTakeFirstOrThrow()
      return { inFlight: Number(inFlight.n), awaitingDetails: Number(awaiting.n) }
    },
  }
}
