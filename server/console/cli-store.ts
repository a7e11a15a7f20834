// Which database the CLI works on, and how it opens it. A command never creates an empty database (a cron's
// `audit verify` from the wrong directory would pass on it for ever) nor migrates one: `migrate` alone does, and
// `users add … --role admin` makes a new database ready for its first admin.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { DEFAULT_CONSOLE_DB } from './config'
import { settingWarnings } from './config-warnings'
import { type ConsoleStore, openStore } from './store'
import { StoreVersionRefused } from './store/migration-state'

export interface CliOutput {
  out(line: string): void
  err(line: string): void
}

/** A reason to stop before any command runs; exit 1. */
class CliRefusal extends Error {}

const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location)

/** The server's own settings for its store: CONSOLE_DATABASE_URL, else CONSOLE_DB, else the demo's file. */
function cliStoreLocation(env: Record<string, string | undefined>): string {
  for (const name of ['CONSOLE_DATABASE_URL', 'CONSOLE_DB'])
    if (env[name] === '') throw new CliRefusal(`${name} is set but empty: give it a value, or unset it.`)
  return env.CONSOLE_DATABASE_URL || env.CONSOLE_DB || DEFAULT_CONSOLE_DB
}

const addsAnAdmin = (args: string[]) =>
  args[0] === 'users' &&
  args[1] === 'add' &&
  (args.includes('--role=admin') || args[args.indexOf('--role') + 1] === 'admin')

function refuseMissingFile(location: string, args: string[]): void {
  if (isPostgresUrl(location) || location === ':memory:' || existsSync(location)) return
  if (addsAnAdmin(args)) return
  throw new CliRefusal(
    `No console database at ${resolve(location)}. Set CONSOLE_DB (or CONSOLE_DATABASE_URL) as the server has it; ` +
      'a new database starts with its first admin: npm run console -- users add EMAIL --role admin',
  )
}

/** What the database holds, from a release that knows it: a refusal says so in one line. */
async function openForCommand(location: string, args: string[]): Promise<ConsoleStore> {
  return openStore(location, undefined, { migrations: addsAnAdmin(args) ? 'apply-if-new' : 'require-current' })
}

/** `migrate`: applies this release's migrations and names them. */
async function migrate(location: string, io: CliOutput): Promise<number> {
  let said = false
  const store = await openStore(location, undefined, {
    onMigrated: ({ from, to, applied }) => {
      said = true
      if (applied.length === 0) io.out(`The database is at ${to}: nothing to migrate.`)
      else io.out(`Migrated the database from ${from ?? 'none (a new database)'} to ${to}: ${applied.join(', ')}.`)
    },
  })
  await store.close()
  return said ? 0 : 1
}

/** Runs `args` on the configured store: `run` is the commands (cli.ts), given a store this release may use. */
export async function runOnStore(
  args: string[],
  env: Record<string, string | undefined>,
  io: CliOutput,
  run: (store: ConsoleStore) => Promise<number>,
): Promise<number> {
  for (const warning of settingWarnings(env)) io.err(warning)
  try {
    const location = cliStoreLocation(env)
    refuseMissingFile(location, args)
    if (args[0] === 'migrate' && args.length === 1) return await migrate(location, io)
    const store = await openForCommand(location, args)
    try {
      return await run(store)
    } finally {
      await store.close()
    }
  } catch (error) {
    if (!(error instanceof CliRefusal || error instanceof StoreVersionRefused)) throw error
    io.err(error.message)
    return 1
  }
}
