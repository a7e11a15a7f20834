// `npm run console -- audit verify|prune|head`: the trail's checks from the server's shell.
import type { ConsoleStore } from '../store'
import { createAuditLog } from './audit-log'
import { type AuditHead, checkHead, formatHead } from './head'
import { verifyAuditTrail } from './verify'

const DAY_MS = 24 * 60 * 60_000

export interface AuditCliIo {
  out(line: string): void
  err(line: string): void
}

/**
 * 0 when the whole chain holds (and reaches `head`, when one is given); 1, naming the first broken entry or what is
 * missing, when it does not.
 */
export async function auditVerify(store: ConsoleStore, io: AuditCliIo, head?: AuditHead): Promise<number> {
  const result = await verifyAuditTrail(store)
  if (result.ok && head) {
    const check = await checkHead(store, head)
    if (!check.reached) {
      io.err(`The audit trail does not reach the head ${formatHead(head)}: ${check.reason}.`)
      return 1
    }
    io.out(
      check.how === 'present'
        ? `The audit trail reaches the head ${head.seq}: its entry ${head.seq} has that hash (newest entry now: ${check.newestSeq}).`
        : check.how === 'converted'
          ? `The audit trail reaches the head ${head.seq}: it is the head before the upgrade to keyed hashes, named by entry ${check.convertedAt}, which the trail chains to (newest entry now: ${check.newestSeq}).`
          : `Entry ${head.seq} was removed by a retention prune; the trail continues from its checkpoint to entry ${check.newestSeq}.`,
    )
  }
  if (result.ok) {
    io.out(
      result.entries === 0
        ? 'The audit trail is empty.'
        : `The audit trail holds: ${result.entries} entries, ${result.firstSeq} to ${result.lastSeq}, each chained to the one before.`,
    )
    // A chain cannot show that its newest entries were cut off; a head noted elsewhere can.
    if (result.lastHash) {
      io.out(
        `Newest entry ${result.lastSeq} has hash ${result.lastHash}: note it outside this server to detect a cut-off tail later.`,
      )
    }
    return 0
  }
  const entry = result.entry
  const what = entry
    ? ` (${new Date(entry.at).toISOString()}, ${entry.action}${entry.actor_email ? ` by ${entry.actor_email}` : ''})`
    : ''
  io.err(`The audit trail is broken at entry ${result.brokenSeq}${what}: ${result.reason}.`)
  io.err(`${result.entries - 1} entries before it were checked and hold.`)
  return 1
}

/** `SEQ:HASH` of the newest entry alone on the line, for a script to keep elsewhere. */
export async function auditHead(store: ConsoleStore, io: AuditCliIo): Promise<number> {
  const head = await store.audit.head()
  if (!head) {
    io.err('The audit trail is empty: it has no head yet.')
    return 1
  }
  io.out(formatHead(head))
  return 0
}

export async function auditPrune(store: ConsoleStore, days: number, io: AuditCliIo): Promise<number> {
  const { removed } = await createAuditLog(store).prune(Date.now() - days * DAY_MS)
  io.out(
    removed === 0
      ? `No audit entries are older than ${days} days.`
      : `Removed ${removed} audit entries older than ${days} days; a checkpoint keeps the rest verifiable.`,
  )
  return 0
}
