// Sends the usage reports. Each instance runs a tick (every minute, on its own clock, which tests fix): for every
// subscription of an active person, the last whole period is queued as one delivery row. The store's UNIQUE
// (subscription_id, period_start) is the claim: however many instances tick, one row is made per subscription
// and period. The delivery worker (delivery/delivery-worker.ts) then claims due rows, so one instance sends each,
// and a failed send is tried again on the deliveries' schedule (5 s, 5 min, 30 min, 2 h), its state in the row.
import type { ReportFrequency } from '../../../src/api/contract/report-subscription-schemas'
import { createDeliveryWorker } from '../delivery/delivery-worker'
import { DELIVERY_SCHEDULE_MS } from '../delivery/retry-schedule'
import { type AttemptOutcome, givenUp, mailOutcome, retryOutcome } from '../delivery/webhook-outcome'
import { newMessageId } from '../delivery/webhook-signature'
import { createMailer, type MailSettings } from '../email/mailer'
import type { Logger } from '../http/request-log'
import type { DueReport } from '../store/report-deliveries'
import { type FigureSources, gatherReportFigures } from './report-figures'
import { reportMessage } from './report-message'
import { lastWholePeriod } from './report-periods'

/** What a queued report carries: enough to say what it was for, should the subscription change. */
interface ReportPayload {
  frequency: ReportFrequency
  timeZone: string
}

export interface ReportSenderOptions extends FigureSources {
  /** Null without CONSOLE_SMTP_URL: reports are queued and marked failed, saying so. */
  smtp: MailSettings | null
  logger: Logger
  now?: () => number
  /** How often each instance looks for periods that ended: a minute unless a test says otherwise. */
  tickMs?: number
  schedule?: readonly number[]
  pollMs?: number
}

export function createReportSender(options: ReportSenderOptions) {
  const { store, logger } = options
  const now = options.now ?? Date.now
  const schedule = options.schedule ?? DELIVERY_SCHEDULE_MS
  const mailer = options.smtp ? createMailer(options.smtp) : null

  async function attempt(due: DueReport): Promise<AttemptOutcome> {
    const attemptedAt = now()
    const subscription = await store.reportSubscriptions.find(due.subscriptionId)
    if (!subscription) return givenUp(attemptedAt, 'Not sent: the subscription was removed.')
    if (!subscription.active) return givenUp(attemptedAt, 'Not sent: the person is deactivated.')
    if (!mailer) return givenUp(attemptedAt, 'Not sent: email is not configured (CONSOLE_SMTP_URL).')
    const payload = JSON.parse(due.payload) as ReportPayload
    const figures = await gatherReportFigures(
      options,
      payload,
      { startMs: due.periodStart, endMs: due.periodEnd },
      attemptedAt,
    )
    const result = await mailer.send(reportMessage(figures, subscription.email))
    return mailOutcome(result, schedule, due.attempts + 1, attemptedAt, now())
  }

  async function deliver(due: DueReport): Promise<void> {
    const outcome = await attempt(due).catch((error) =>
      // A read that failed (the store past its budget): tried again as a failed send would be.
      retryOutcome(schedule, due.attempts + 1, now(), now(), {
        words: `The report could not be written: ${String(error)}`,
        status: null,
        timeMs: null,
      }),
    )
    if (!(await store.reportDeliveries.record(due, outcome)))
      logger.error({ msg: 'report outcome not recorded: its claim ran out', delivery: due.id })
  }

  const worker = createDeliveryWorker({
    queue: store.reportDeliveries,
    deliver,
    logger,
    name: 'report delivery',
    now,
    pollMs: options.pollMs,
  })

  /** Queues the last whole period of every active person's subscription; answers how many were new. */
  async function queueDue(): Promise<number> {
    const at = now()
    const deliveries = (await store.reportSubscriptions.list())
      .filter((subscription) => subscription.active)
      .flatMap((subscription) => {
        const period = lastWholePeriod(subscription.frequency, subscription.timeZone, at)
        // A period that ended before the person subscribed is not theirs to receive.
        if (period.endMs <= subscription.createdAt) return []
        const payload: ReportPayload = { frequency: subscription.frequency, timeZone: subscription.timeZone }
        return [
          {
            id: newMessageId(),
            subscriptionId: subscription.id,
            periodStart: period.startMs,
            periodEnd: period.endMs,
            payload: JSON.stringify(payload),
            createdAt: at,
          },
        ]
      })
    const added = await store.reportDeliveries.insert(deliveries)
    if (added > 0) worker.wake()
    return added
  }

  let timer: ReturnType<typeof setInterval> | null = null
  const tick = () =>
    void queueDue().catch((error) => logger.error({ msg: 'reports: could not queue', error: String(error) }))

  return {
    emailConfigured: mailer !== null,
    queueDue,
    runDue: worker.runDue,
    /** The tick and the worker, until closed. */
    start() {
      if (timer) return
      worker.start()
      tick()
      timer = setInterval(tick, options.tickMs ?? 60_000)
      timer.unref()
    },
    async close() {
      if (timer) clearInterval(timer)
      timer = null
      await worker.stop()
      mailer?.close()
    },
  }
}
