// Upgrades on purpose: a database left by an older release (migrated up to three migrations back, with a person
// in it) is refused by every CLI command without being changed, until `migrate` brings it up and names what it
// applied; a database a newer release wrote is refused by the CLI and by the server; a missing file is never
// created empty, except for the first admin. On SQLite files and on PostgreSQL databases (the same tests).
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type CliIo, runCli } from './cli'
import { runOnStore } from './cli-store'
import { openStore } from './store'
import { migrationProviderFor } from './store/migrations'
import { sqliteAdapter } from './store/sqlite/adapter'
import { startTestServer } from './test-support/running-console'
import {
  appliedMigrations,
  migrateUpTo,
  newStoreLocation,
  recordNewerMigration,
  withRawStore,
} from './test-support/store-at-migration'
import { onPostgres } from './test-support/test-store'

const MIGRATIONS = Object.keys(await migrationProviderFor(sqliteAdapter).getMigrations()).sort()
const LATEST = MIGRATIONS.at(-1) ?? ''
const OLDER = MIGRATIONS.at(-4) ?? ''
const short = (name: string) => name.slice(0, 4)

/** The CLI as `npm run console -- …` runs it, on `location`, with what it printed. */
async function cli(location: string, ...args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = {
    readPassword: async () => 'a long enough password',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  }
  const env = onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location }
  const code = await runOnStore(args, env, io, (store) => runCli(args, store, io))
  return { code, out, err }
}

describe('an upgrade from an older release', () => {
  it('is refused by every command, unchanged, until migrate applies and names the migrations, keeping the data', async () => {
    const location = await newStoreLocation()
    await migrateUpTo(location, OLDER)
    await withRawStore(location, (db) =>
      db
        .insertInto('users')
        .values({ id: 'u1', email: 'kept@example.com', password_hash: 'x', role: 'admin', active: 1, created_at: 1 })
        .execute(),
    )

    for (const command of [
      ['audit', 'verify'],
      ['users', 'list'],
      ['users', 'add', 'new@example.com', '--role', 'admin'],
    ]) {
      const refused = await cli(location, ...command)
      expect(refused.code).toBe(1)
      expect(refused.err).toEqual([
        `This database is at migration ${short(OLDER)}; this release needs ${short(LATEST)}: run \`npm run console -- migrate\` (after \`npm run console -- backup FILE\`).`,
      ])
    }
    expect(await appliedMigrations(location)).toEqual(MIGRATIONS.slice(0, -3))

    const migrated = await cli(location, 'migrate')
    expect(migrated.code).toBe(0)
    expect(migrated.out).toEqual([
      `Migrated the database from ${OLDER} to ${LATEST}: ${MIGRATIONS.slice(-3).join(', ')}.`,
    ])
    expect(await appliedMigrations(location)).toEqual(MIGRATIONS)
    expect((await cli(location, 'migrate')).out).toEqual([`The database is at ${LATEST}: nothing to migrate.`])
    expect(await cli(location, 'users', 'list')).toEqual({ code: 0, out: ['kept@example.com\tadmin\tactive'], err: [] })
  })
})

describe('the server’s start on an older release’s database', () => {
  it('logs the backup reminder, naming the migrations, then migrates it', async () => {
    const location = await newStoreLocation()
    await migrateUpTo(location, OLDER)
    const server = await startTestServer(onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location })
    await server.close()
    expect(server.lines.join('')).toContain(
      `Migrating the database from ${short(OLDER)} to ${short(LATEST)} (${MIGRATIONS.slice(-3).join(', ')}): an older release cannot use it afterwards, so the way back is a backup taken first (npm run console -- backup FILE`,
    )
    expect(await appliedMigrations(location)).toEqual(MIGRATIONS)
  })
})

describe('a database written by a newer release', () => {
  it('is refused by the CLI (migrate too) and by the server, naming both migrations', async () => {
    const location = await newStoreLocation()
    await migrateUpTo(location, LATEST)
    await recordNewerMigration(location, '0099_from_a_newer_release')
    const refusal = `This database was written by a newer release (0099: 0099_from_a_newer_release; this release knows up to ${LATEST}): use that release, or the backup taken before the upgrade.`
    for (const command of [['audit', 'verify'], ['migrate']]) {
      const refused = await cli(location, ...command)
      expect(refused.code).toBe(1)
      expect(refused.err).toEqual([refusal])
    }
    await expect(openStore(location, undefined, { connections: 1 })).rejects.toThrow(refusal)
    expect(await appliedMigrations(location)).toEqual([...MIGRATIONS, '0099_from_a_newer_release'])
  })
})

describe.skipIf(onPostgres())('a SQLite file that does not exist', () => {
  it('is not created by a command (audit verify fails, where an empty trail would pass)', async () => {
    const location = await newStoreLocation()
    for (const command of [['audit', 'verify'], ['migrate'], ['users', 'add', 'a@example.com', '--role', 'support']]) {
      const refused = await cli(location, ...command)
      expect(refused.code).toBe(1)
      expect(refused.err).toEqual([
        `No console database at ${location}. Set CONSOLE_DB (or CONSOLE_DATABASE_URL) as the server has it; a new database starts with its first admin: npm run console -- users add EMAIL --role admin`,
      ])
    }
    expect(existsSync(location)).toBe(false)
    expect(await cli(location, 'users', 'add', 'first@example.com', '--role', 'admin')).toMatchObject({ code: 0 })
    expect(await appliedMigrations(location)).toEqual(MIGRATIONS)
    expect(await cli(location, 'audit', 'verify')).toMatchObject({ code: 0 })
  })
})

describe.runIf(onPostgres())('a new PostgreSQL database', () => {
  it('is made ready for its first admin, and refused to any other command', async () => {
    const location = await newStoreLocation()
    expect((await cli(location, 'audit', 'verify')).err).toEqual([
      `This database is at migration none (a new database); this release needs ${short(LATEST)}: run \`npm run console -- migrate\` (after \`npm run console -- backup FILE\`).`,
    ])
    expect(await cli(location, 'users', 'add', 'first@example.com', '--role', 'admin')).toMatchObject({ code: 0 })
    expect(await appliedMigrations(location)).toEqual(MIGRATIONS)
  })
})
