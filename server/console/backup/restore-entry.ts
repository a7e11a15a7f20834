// The restored trail says a restore happened: one entry after the backup's own, naming the backup, the head it
// ended at and the sessions the restore ended. It chains to the backup's head, so `audit verify --head` with that
// head still passes (the head is before it), and a head noted on the store the restore replaced does not.
import { basename } from 'node:path'
import { createAuditLog } from '../audit/audit-log'
import { formatHead } from '../audit/head'
import type { ConsoleStore } from '../store'

export interface RestoreFacts {
  /** The backup file as the operator named it: its name only (where it lay is the operator's business). */
  backupFile: string
  sessionsEnded: number
}

/** Appends `store.restored`; answers the backup's head (`SEQ:HASH`, or null for an empty trail). */
export async function recordRestore(store: ConsoleStore, facts: RestoreFacts): Promise<string | null> {
  const head = await store.audit.head()
  const backupHead = head ? formatHead(head) : null
  await createAuditLog(store).record({
    actor: null,
    action: 'store.restored',
    target: null,
    outcome: 200,
    detail: { via: 'cli', backup: basename(facts.backupFile), backupHead, sessionsEnded: facts.sessionsEnded },
  })
  return backupHead
}
