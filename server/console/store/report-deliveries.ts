// The usage reports' deliveries: one row per subscription and period. The unique (subscription_id, period_start)
// pair makes a report once however many instances' schedulers queue it; the claim, the outcome and the retries are
// the queue's (delivery-queue.ts), as the alerts' and integrations' are.
import type { ConsoleDb } from './database'
import { ATTEMPT_COLUMNS, type ClaimedDelivery, createDeliveryQueue, type DeliveryAttempts } from './delivery-queue'

export interface NewReportDelivery {
  id: string
  subscriptionId: string
  periodStart: number
  periodEnd: number
  payload: string
  createdAt: number
}

export interface DueReport extends ClaimedDelivery {
  subscriptionId: string
  periodStart: number
  periodEnd: number
}

export interface ReportDeliveryRow extends DeliveryAttempts {
  id: string
  subscriptionId: string
  periodStart: number
  periodEnd: number
}

const REPORT_EVENT = 'report.usage'

export function createReportDeliveryQueries(db: ConsoleDb) {
  return createDeliveryQueue(db, {
    table: 'report_deliveries',
    oncePer: ['subscription_id', 'period_start'],
    columnsOf: (delivery: NewReportDelivery) => ({
      id: delivery.id,
      subscription_id: delivery.subscriptionId,
      period_start: delivery.periodStart,
      period_end: delivery.periodEnd,
      event_type: REPORT_EVENT,
      payload: delivery.payload,
      created_at: delivery.createdAt,
    }),
    destinationField: 'subscriptionId',
    due: (row): Omit<DueReport, keyof ClaimedDelivery> => ({
      subscriptionId: row.subscription_id,
      periodStart: Number(row.period_start),
      periodEnd: Number(row.period_end),
    }),
    log: (subscriptionId) =>
      db
        .selectFrom('report_deliveries as d')
        .select(['d.id', 'd.subscription_id', 'd.period_start', 'd.period_end', ...ATTEMPT_COLUMNS])
        .$if(Boolean(subscriptionId), (select) => select.where('d.subscription_id', '=', subscriptionId as string)),
    logRow: (row, attempts): ReportDeliveryRow => ({
      id: row.id,
      subscriptionId: row.subscription_id,
      periodStart: Number(row.period_start),
      periodEnd: Number(row.period_end),
      ...attempts,
    }),
  })
}
