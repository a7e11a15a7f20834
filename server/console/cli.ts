// `npm run console -- <command>`: people, sessions and the audit trail, from the server's shell; people
// change by the Users page's rules (an active admin always stays), with its audit entries.
// Passwords come from a prompt or standard input, never from an argument (which
// would sit in the shell history and the process list).
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { ROLES, type Role, role as roleSchema } from '../../src/api/contract/console-schemas'
import { createAuditLog } from './audit/audit-log'
import { auditHead, auditPrune, auditVerify } from './audit/cli-commands'
import { parseHead } from './audit/head'
import { hashPassword, MIN_PASSWORD_LENGTH } from './auth/passwords'
import { runBackupCommand } from './backup/cli-commands'
import { runOnStore } from './cli-store'
import { DEFAULT_CONSOLE_DB } from './config'
import type { ConsoleStore } from './store'
import { type ChangeResult, CLI, createUserAdmin } from './users/user-admin'

const USAGE = `Usage: npm run console -- <command>

  users add EMAIL --role ${ROLES.join('|')}   add a person (password from a prompt or stdin)
  users list                                  everyone, with role and state
  users set-role EMAIL ${ROLES.join('|')}      change a role (takes effect on the next request)
  users set-password EMAIL                    set a new password (prompt or stdin); ends their sessions
  users deactivate EMAIL                      no more sign-ins; ends their sessions
  users activate EMAIL                        allow sign-ins again
  sessions end EMAIL                          sign a person out everywhere
  sessions end-all                            sign everyone out
  audit verify [--head SEQ:HASH]              check the audit trail's hash chain (and that it reaches a head noted
                                              earlier); exit 1 naming the first broken entry or what is missing
  audit head                                  SEQ:HASH of the newest entry, to keep outside the database
  audit prune [--days N]                      remove entries older than N days (default CONSOLE_AUDIT_RETENTION_DAYS or 400)
  backup FILE                                 a consistent copy of the SQLite store while the console serves (mode 0600)
  restore FILE                                put a backup in place, every console stopped; ends every session
  restore --before-pg-restore                 PostgreSQL: refuse (exit 1) while any console instance runs on it
  restore --after-pg-restore FILE             PostgreSQL, after pg_restore: the same refusal, then end every
                                              session and write the restore's audit entry
  migrate                                     apply this release's migrations to the database, naming them
                                              (every other command refuses a database not at this release's)

The database is CONSOLE_DATABASE_URL, or else CONSOLE_DB (default ${DEFAULT_CONSOLE_DB}); it must exist,
unless the command adds the first admin.`

export interface CliIo {
  readPassword(prompt: string): Promise<string>
  out(line: string): void
  err(line: string): void
}

class UsageError extends Error {}

function parseRole(value: string | undefined): Role {
  const parsed = roleSchema.safeParse(value)
  if (!parsed.success) throw new UsageError(`The role must be one of: ${ROLES.join(', ')}.`)
  return parsed.data
}

async function newPassword(io: CliIo): Promise<string> {
  const password = await io.readPassword('Password: ')
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
  }
  return password
}

async function userByEmail(store: ConsoleStore, email: string | undefined) {
  if (!email) throw new UsageError('Name the person by email.')
  const user = await store.users.byEmail(email)
  if (!user) throw new UsageError(`No user has the email ${email}.`)
  return user
}

/** The same rule as the Users page: the console always keeps an active admin. */
function sessionsEndedOrRefused(result: ChangeResult, email: string): number {
  if (result.status === 200) return result.sessionsEnded
  throw new UsageError(
    result.refusal === 'last-admin'
      ? `${email} is the only active admin. Make someone else an admin first.`
      : `No user has the email ${email}.`,
  )
}

function headOf(text: string) {
  const head = parseHead(text)
  if (!head) throw new UsageError('--head takes SEQ:HASH as `audit head` prints it (a number, a colon, 64 hex digits).')
  return head
}

/** The words and the flags (node:util's parseArgs: an unknown flag or one without its value is a usage error). */
function parseCommand(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: { role: { type: 'string' }, days: { type: 'string' }, head: { type: 'string' } },
    })
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : error}\n\n${USAGE}`)
  }
}

async function run(args: string[], store: ConsoleStore, io: CliIo): Promise<number | undefined> {
  const { positionals, values } = parseCommand(args)
  const [group, command, email, ...rest] = positionals
  // Every change from the shell is in the audit trail too, with no actor and `via: 'cli'`.
  const admin = createUserAdmin(store, createAuditLog(store))
  const key = `${group ?? ''} ${command ?? ''}`
  if (key === 'audit verify') return auditVerify(store, io, values.head === undefined ? undefined : headOf(values.head))
  if (key === 'audit head') return auditHead(store, io)
  if (key === 'audit prune') {
    const days = Number(values.days ?? (process.env.CONSOLE_AUDIT_RETENTION_DAYS || 400))
    if (!Number.isInteger(days) || days < 1) throw new UsageError('--days takes a whole number of days, 1 or more.')
    return auditPrune(store, days, io)
  }
  if (key === 'users add') {
    if (!email?.includes('@')) throw new UsageError('Give the email address of the person to add.')
    const role = parseRole(values.role)
    if (await store.users.byEmail(email)) throw new UsageError(`${email} already has an account.`)
    const passwordHash = await hashPassword(await newPassword(io))
    const user = await admin.add({ email, passwordHash, role, now: Date.now() }, CLI)
    io.out(`Added ${user.email} as ${user.role}.`)
  } else if (key === 'users list') {
    const users = await store.users.list()
    if (users.length === 0) io.out('No users yet.')
    for (const user of users) io.out(`${user.email}\t${user.role}\t${user.active ? 'active' : 'deactivated'}`)
  } else if (key === 'users set-role') {
    const user = await userByEmail(store, email)
    const role = parseRole(rest[0])
    sessionsEndedOrRefused(await admin.changeRole(user, role, CLI), user.email)
    io.out(`${user.email} is now ${role}.`)
  } else if (key === 'users set-password') {
    const user = await userByEmail(store, email)
    const result = await admin.setPassword(user, await hashPassword(await newPassword(io)), CLI)
    io.out(`New password set for ${user.email}; ${sessionsEndedOrRefused(result, user.email)} session(s) ended.`)
  } else if (key === 'users deactivate' || key === 'users activate') {
    const user = await userByEmail(store, email)
    if (command === 'activate') {
      sessionsEndedOrRefused(await admin.reactivate(user, CLI), user.email)
      io.out(`${user.email} can sign in again.`)
    } else {
      const ended = sessionsEndedOrRefused(await admin.deactivate(user, CLI), user.email)
      io.out(`${user.email} is deactivated; ${ended} session(s) ended.`)
    }
  } else if (key === 'sessions end-all') {
    io.out(`Every session ended (${await store.sessions.deleteAll()}): everyone signs in again.`)
  } else if (key === 'sessions end') {
    const user = await userByEmail(store, email)
    const ended = sessionsEndedOrRefused(await admin.endSessions(user, CLI), user.email)
    io.out(`${ended} session(s) of ${user.email} ended.`)
  } else {
    throw new UsageError(USAGE)
  }
}

/** Runs one command; the exit code is 0, or 2 for a mistake in the command. */
export async function runCli(args: string[], store: ConsoleStore, io: CliIo): Promise<number> {
  try {
    return (await run(args, store, io)) ?? 0
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(error.message)
    return 2
  }
}

/** A hidden prompt on a terminal; the first line of standard input otherwise. */
async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = ''
    for await (const chunk of process.stdin) input += String(chunk)
    return input.split(/\r?\n/)[0] ?? ''
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  process.stdout.write(prompt)
  // Echo nothing while the password is typed.
  ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {}
  const line = await new Promise<string>((resolve) => {
    rl.once('line', resolve)
    rl.once('close', () => resolve(''))
  })
  process.stdout.write('\n')
  rl.close()
  return line
}

async function main() {
  const args = process.argv.slice(2)
  const location = process.env.CONSOLE_DATABASE_URL || process.env.CONSOLE_DB || DEFAULT_CONSOLE_DB
  const io = { readPassword, out: (line: string) => console.log(line), err: (line: string) => console.error(line) }
  // backup and restore work on the store's file before anything opens (and migrates) it.
  const onFile = await runBackupCommand(args, location, io)
  if (onFile !== undefined) {
    process.exitCode = onFile
    return
  }
  process.exitCode = await runOnStore(args, process.env, io, (store) => runCli(args, store, io))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
