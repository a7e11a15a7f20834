// The console's two steps around pg_restore, which alone cannot tell whether consoles still use the database:
// `restore --before-pg-restore` refuses while any instance runs on it, and `restore --after-pg-restore FILE`
// refuses the same way, then ends every session the dump brought back and writes the restore's audit entry.
import { openStore } from '../store'
import { describeInstances, runningInstances } from './postgres-instances'
import { recordRestore } from './restore-entry'

interface RestoreIo {
  out(line: string): void
  err(line: string): void
}

/** Exit 1 naming the running instances, or null when none runs. */
async function refusedWhileRunning(url: string, io: RestoreIo, when: string): Promise<number | null> {
  const running = await runningInstances(url)
  if (running.length === 0) return null
  io.err(`${when}: ${running.length} console instance(s) run on this database, renewing their leases:`)
  for (const line of describeInstances(running)) io.err(line)
  io.err('Stop every console on it (on every host: systemctl stop voice-console, say), then run this again.')
  return 1
}

export async function beforePgRestore(url: string, io: RestoreIo): Promise<number> {
  const refused = await refusedWhileRunning(url, io, 'Not yet')
  if (refused !== null) return refused
  io.out('No console instance runs on this database: go on with pg_restore.')
  return 0
}

export async function afterPgRestore(url: string, backupFile: string, io: RestoreIo): Promise<number> {
  const refused = await refusedWhileRunning(url, io, 'Sessions not ended')
  if (refused !== null) return refused
  // Opening migrates an older dump forward, as a console's start would.
  const store = await openStore(url)
  try {
    const sessionsEnded = await store.sessions.deleteAll()
    const backupHead = await recordRestore(store, { backupFile, sessionsEnded })
    io.out(`Every session ended (${sessionsEnded}): everyone signs in again.`)
    io.out(
      `The audit trail now ends with a store.restored entry after the dump's head (${backupHead ?? 'an empty trail'}).`,
    )
    io.out('Start the consoles again.')
    return 0
  } finally {
    await store.close()
  }
}
