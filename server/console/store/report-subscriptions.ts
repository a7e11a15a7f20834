// The usage reports people subscribed to (issue 53, item 4): one per person and frequency, each with its latest
// report's delivery for the list. The sending is the queue's (report-deliveries.ts).
import type { ConsoleDb } from './database'

type Frequency = 'daily' | 'weekly' | 'monthly'

export interface ReportSubscriptionRow {
  id: string
  userId: string
  email: string
  /** False once the person is deactivated: they get nothing. */
  active: boolean
  frequency: Frequency
  timeZone: string
  createdAt: number
}

export interface LatestReport {
  subscriptionId: string
  periodStart: number
  periodEnd: number
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: number
  lastAttemptAt: number | null
  nextAttemptAt: number | null
  responseExcerpt: string | null
}

const num = (value: number | string | null) => (value === null ? null : Number(value))

export function createReportSubscriptionQueries(db: ConsoleDb) {
  const withPerson = () =>
    db
      .selectFrom('report_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 'u.email', 'u.active', 's.frequency', 's.time_zone', 's.created_at'])
  type Row = Awaited<ReturnType<ReturnType<typeof withPerson>['execute']>>[number]
  const rowOf = (row: Row): ReportSubscriptionRow => ({
    id: row.id,
    userId: row.user_id,
    email: row.email,
    active: Number(row.active) === 1,
    frequency: row.frequency,
    timeZone: row.time_zone,
    createdAt: Number(row.created_at),
  })

  return {
    /** Adds it; a person already subscribed at that frequency keeps the one they have (`added` false). */
    add: async (input: {
      id: string
      userId: string
      frequency: Frequency
      timeZone: string
      createdAt: number
      createdBy: string
    }): Promise<{ row: ReportSubscriptionRow; added: boolean }> => {
      const result = await db
        .insertInto('report_subscriptions')
        .values({
          id: input.id,
          user_id: input.userId,
          frequency: input.frequency,
          time_zone: input.timeZone,
          created_at: input.createdAt,
          created_by: input.createdBy,
        })
        .onConflict((oc) => oc.columns(['user_id', 'frequency']).doNothing())
        .executeTakeFirst()
      const row = await withPerson()
        .where('s.user_id', '=', input.userId)
        .where('s.frequency', '=', input.frequency)
        .executeTakeFirstOrThrow()
      return { row: rowOf(row), added: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 }
    },
    find: async (id: string): Promise<ReportSubscriptionRow | null> => {
      const row = await withPerson().where('s.id', '=', id).executeTakeFirst()
      return row ? rowOf(row) : null
    },
    /** Everyone's, or one person's: by email, then daily, weekly, monthly. */
    list: async (userId?: string): Promise<ReportSubscriptionRow[]> => {
      const rows = await withPerson()
        .$if(userId !== undefined, (q) => q.where('s.user_id', '=', userId as string))
        .orderBy('u.email')
        .orderBy('s.created_at')
        .execute()
      return rows.map(rowOf)
    },
    remove: async (id: string): Promise<boolean> => {
      const result = await db.deleteFrom('report_subscriptions').where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
    /** The newest report of each of these subscriptions. */
    latestReports: async (ids: string[]): Promise<Map<string, LatestReport>> => {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('report_deliveries')
        .selectAll()
        .where('subscription_id', 'in', ids)
        .orderBy('period_start', 'desc')
        .execute()
      const latest = new Map<string, LatestReport>()
      for (const row of rows)
        if (!latest.has(row.subscription_id))
          latest.set(row.subscription_id, {
            subscriptionId: row.subscription_id,
            periodStart: Number(row.period_start),
            periodEnd: Number(row.period_end),
            status: row.status,
            attempts: Number(row.attempts),
            lastAttemptAt: num(row.last_attempt_at),
            nextAttemptAt: num(row.next_attempt_at),
            responseExcerpt: row.response_excerpt,
          })
      return latest
    },
  }
}
