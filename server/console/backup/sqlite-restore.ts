// Restores a backup into a stopped deployment's SQLite store: the backup is checked, the store in place (if any) is
// kept aside beside it, the copy goes in with mode 0600, every session ends (the backup holds sessions that
// were signed out since: everyone signs in again), and the trail gets its `store.restored` entry.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { openStore } from '../store'
import { recordRestore } from './restore-entry'
import { copySqliteStore } from './sqlite-copy'
import { type StoreFileSummary, summarizeStoreFile } from './sqlite-file'
import { whileNoOneElseHasIt } from './sqlite-in-use'

export type RestoreResult =
  | { restored: true; keptAside: string | null; backup: StoreFileSummary; sessionsEnded: number }
  | { restored: false; reason: string }

/** `console.sqlite.before-restore-2026-12-06T10-15-00Z`: sorts by time, and no colon for a shell or a copy tool. */
function keptAsideName(path: string, now: Date): string {
  return `${path}.before-restore-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}`
}

export async function restoreSqliteStore(backupFile: string, target: string, now = new Date()): Promise<RestoreResult> {
  if (!existsSync(backupFile)) return { restored: false, reason: `There is no file ${backupFile}.` }
  let backup: StoreFileSummary
  try {
    backup = summarizeStoreFile(backupFile)
  } catch (error) {
    return { restored: false, reason: `${error instanceof Error ? error.message : error}. Nothing was changed.` }
  }
  let keptAside: string | null = null
  if (existsSync(target)) {
    const aside = keptAsideName(target, now)
    // Moved while held, so no console opens it between the check and the move.
    const held = whileNoOneElseHasIt(target, () => renameSync(target, aside))
    if (held === 'in-use')
      return {
        restored: false,
        reason: `A console has ${target} open: stop every console on it (systemctl stop voice-console, say), then restore. Nothing was changed.`,
      }
    keptAside = aside
  }
  // Whatever a crash left beside the old file belongs to it, not to the copy (its commits are folded into it above).
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${target}${suffix}`, { force: true })
  mkdirSync(dirname(target), { recursive: true })
  try {
    await copySqliteStore(backupFile, target)
  } catch (error) {
    // The deployment keeps the store it had rather than none.
    if (keptAside) renameSync(keptAside, target)
    throw error
  }
  // Opening migrates an older backup forward; then every session ends, and the trail says so.
  const store = await openStore(target)
  try {
    const sessionsEnded = await store.sessions.deleteAll()
    await recordRestore(store, { backupFile, sessionsEnded })
    return { restored: true, keptAside, backup, sessionsEnded }
  } finally {
    await store.close()
  }
}
