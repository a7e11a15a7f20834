// CONSOLE_AUDIT_HEAD_CHANNEL: the audit head sent through an alert channel the admins chose (by its id or its name,
// looked up at each send, so a channel added or renamed after the start is found), so a copy of the head lives
// outside the database and outside the log, signed like any webhook or sent as an email.
import { type AuditHead, formatHead } from '../../audit/head'
import type { HeadMoment } from '../../audit/head-anchor'
import type { ConsoleStore } from '../../store'
import { auditHeadPayload } from './alert-message'
import type { AlertDelivery } from './delivery'

/** The channel `chosen` names: by id first, then by name; a reason in words when it names none, or several. */
async function chosenChannel(store: ConsoleStore, chosen: string): Promise<{ id: string } | { reason: string }> {
  const channels = await store.alertChannels.list()
  const byId = channels.find((channel) => channel.id === chosen)
  if (byId) return byId
  const byName = channels.filter((channel) => channel.name === chosen)
  if (byName.length === 1 && byName[0]) return byName[0]
  return {
    reason:
      byName.length > 1
        ? `CONSOLE_AUDIT_HEAD_CHANNEL names ${byName.length} alert channels called “${chosen}”: give its id instead (the Alerts page shows it).`
        : `CONSOLE_AUDIT_HEAD_CHANNEL names no alert channel (“${chosen}”): add it on the Alerts page, or give an existing channel's id or name.`,
  }
}

/** Queues the head's message through the chosen channel; throws, saying why, when the setting names none. */
export function auditHeadToChannel(options: {
  store: ConsoleStore
  delivery: Pick<AlertDelivery, 'queueAuditHead'>
  chosen: string
  consoleUrl: string
  instance: string
  now?: () => number
}) {
  const now = options.now ?? Date.now
  return async (head: AuditHead, noted: HeadMoment): Promise<void> => {
    const channel = await chosenChannel(options.store, options.chosen)
    if ('reason' in channel) throw new Error(channel.reason)
    const note = { head: formatHead(head), seq: head.seq, hash: head.hash, noted, instance: options.instance }
    await options.delivery.queueAuditHead(channel.id, auditHeadPayload(note, options.consoleUrl, now()))
  }
}
