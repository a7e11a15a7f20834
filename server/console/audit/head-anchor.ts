// The trail's head, noted outside the database while the console runs: a JSON line in the log and a gauge in
// /metrics, at start, every few minutes and at shutdown; and, when an alert channel is chosen
// (CONSOLE_AUDIT_HEAD_CHANNEL), a message through it at each instance's start and shutdown, and daily from one. A copy that lost its newest
// entries (a plain copy of the file, a restore of an older backup) then fails `audit verify --head` with a head
// from the log, from Prometheus or from the channel's receiver.
import { Gauge, type Registry } from 'prom-client'
import type { Logger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { type AuditHead, formatHead } from './head'

/** Often enough that little is written between two notes; seldom enough that the gauge's hash label (a new series
 * at each note) stays a few hundred series a day. */
const AUDIT_HEAD_EVERY_MS = 5 * 60_000
const DAY_MS = 24 * 60 * 60_000

export type HeadMoment = 'start' | 'daily' | 'shutdown'

export function anchorAuditHead(options: {
  store: ConsoleStore
  logger: Logger
  registry: Registry
  everyMs?: number
  /** The head sent out beyond the log (alerts/delivery/audit-head-channel.ts), at start, daily and at shutdown. */
  sendOut?: (head: AuditHead, moment: HeadMoment) => Promise<void>
  sendEveryMs?: number
  /** Whether this instance sends the daily one: of several on one database, the one holding the alert rules'
   * lease, so that the channel gets one a day, not one per instance (start and shutdown stay each instance's). */
  sendsDaily?: () => boolean
}) {
  const { store, logger } = options
  const gauge = new Gauge({
    name: 'console_audit_head_seq',
    help: 'The audit trail’s newest entry as last noted (every few minutes): its seq, with its hash as a label. Keep it: `npm run console -- audit verify --head SEQ:HASH` checks a copy or a restore against it.',
    labelNames: ['hash'],
    registers: [options.registry],
  })
  let noted: string | null = null
  const note = async (moment?: HeadMoment) => {
    const head = await store.audit.head()
    if (!head) return
    const text = formatHead(head)
    logger.info({ msg: 'audit head', head: text, seq: head.seq, hash: head.hash })
    if (text !== noted) {
      noted = text
      gauge.reset()
      gauge.set({ hash: head.hash }, head.seq)
    }
    if (moment && options.sendOut)
      await options.sendOut(head, moment).then(
        () => logger.info({ msg: 'audit head queued for its alert channel', head: text, moment }),
        (error) =>
          logger.error({ msg: 'could not send the audit head to its alert channel', moment, error: String(error) }),
      )
  }
  const noteOrSay = (moment?: HeadMoment) =>
    note(moment).catch((error) => logger.error({ msg: 'could not note the audit head', error: String(error) }))
  const timer = setInterval(noteOrSay, options.everyMs ?? AUDIT_HEAD_EVERY_MS)
  timer.unref()
  const sendsDaily = options.sendsDaily ?? (() => true)
  const daily = options.sendOut
    ? setInterval(() => noteOrSay(sendsDaily() ? 'daily' : undefined), options.sendEveryMs ?? DAY_MS)
    : null
  daily?.unref()
  return {
    /** Notes the head at start (and sends it out). */
    noted: () => noteOrSay('start'),
    /** Notes the head and sends it out, best effort: before the alert delivery's worker stops. */
    shuttingDown: () => noteOrSay('shutdown'),
    /** Notes the head once more, last of all: before the store closes. */
    close: async () => {
      clearInterval(timer)
      if (daily) clearInterval(daily)
      await noteOrSay()
    },
  }
}
