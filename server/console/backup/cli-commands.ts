// `npm run console -- backup FILE | restore FILE`: run on the store's location before the CLI opens it (a restore
// must find the file closed, and a backup needs no migration).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { postgresBackupSteps, postgresRestoreSteps } from './postgres-commands'
import { afterPgRestore, beforePgRestore } from './postgres-restore'
import { copySqliteStore } from './sqlite-copy'
import { describeStoreFile, summarizeStoreFile } from './sqlite-file'
import { restoreSqliteStore } from './sqlite-restore'

interface BackupCliIo {
  out(line: string): void
  err(line: string): void
}

const isPostgres = (location: string) => /^postgres(ql)?:\/\//i.test(location)

const BEFORE = '--before-pg-restore'
const AFTER = '--after-pg-restore'

/** The exit code of `backup` or `restore`, or undefined for any other command (the CLI's own). */
export async function runBackupCommand(args: string[], location: string, io: BackupCliIo): Promise<number | undefined> {
  const [command, file, ...extra] = args
  if (command !== 'backup' && command !== 'restore') return undefined
  if (command === 'restore' && (file === BEFORE || file === AFTER)) return aroundPgRestore(args, location, io)
  if (!file || extra.length > 0 || file.startsWith('-')) {
    io.err(`Usage: npm run console -- ${command} FILE`)
    return 2
  }
  if (isPostgres(location)) {
    for (const line of command === 'backup' ? postgresBackupSteps(file) : postgresRestoreSteps(file)) io.err(line)
    return 1
  }
  if (location === ':memory:' || location === '') {
    io.err('CONSOLE_DB is :memory:, which lives in one process only: there is nothing on disk to back up or restore.')
    return 2
  }
  return command === 'backup' ? backup(location, file, io) : restore(file, location, io)
}

async function backup(location: string, file: string, io: BackupCliIo): Promise<number> {
  if (!existsSync(location)) {
    io.err(`There is no store at ${location} (CONSOLE_DB): nothing to back up.`)
    return 1
  }
  if (existsSync(file)) {
    io.err(`${file} already exists: a backup never overwrites a file. Name a new one.`)
    return 2
  }
  const at = new Date()
  await copySqliteStore(location, file)
  io.out(`Backed up ${location} to ${resolve(file)} (mode 0600) as of ${at.toISOString()}.`)
  for (const line of describeStoreFile(summarizeStoreFile(file))) io.out(line)
  io.out('It holds password hashes and the device-cookie key: keep it where only the console’s operators can read it.')
  return 0
}

async function restore(file: string, location: string, io: BackupCliIo): Promise<number> {
  const result = await restoreSqliteStore(file, location)
  if (!result.restored) {
    io.err(result.reason)
    return 1
  }
  io.out(`Restored ${resolve(file)} into ${location}.`)
  if (result.keptAside) io.out(`The store it replaced is kept as ${result.keptAside}.`)
  for (const line of describeStoreFile(result.backup)) io.out(line)
  io.out(`Every session ended (${result.sessionsEnded}): everyone signs in again.`)
  io.out(`The audit trail now ends with a store.restored entry after the backup's head.`)
  io.out(
    `Entries written after the backup are gone: audit verify --head with a head noted since will say so, as it should.`,
  )
  return 0
}

/** `restore --before-pg-restore`, and `restore --after-pg-restore FILE`: the steps around PostgreSQL's own. */
function aroundPgRestore(args: string[], location: string, io: BackupCliIo): Promise<number> {
  const [, flag, file, ...extra] = args
  const usage = flag === BEFORE ? `restore ${BEFORE}` : `restore ${AFTER} FILE`
  if (flag === BEFORE ? file !== undefined : !file || file.startsWith('-') || extra.length > 0) {
    io.err(`Usage: npm run console -- ${usage}`)
    return Promise.resolve(2)
  }
  if (!isPostgres(location)) {
    io.err(`${flag} is for a PostgreSQL store (CONSOLE_DATABASE_URL); on SQLite, restore FILE does it all.`)
    return Promise.resolve(2)
  }
  return flag === BEFORE ? beforePgRestore(location, io) : afterPgRestore(location, file as string, io)
}
