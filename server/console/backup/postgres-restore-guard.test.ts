// The PostgreSQL restore as `npm run console -- restore FILE` prints it, run by a shell as an operator pastes it, on
// the throw-away PostgreSQL of the suite's PostgreSQL project: refused while a console instance runs on the database
// (its own lease renewed there), pg_restore never reached; once it stops, the restore runs through, ends every
// session and leaves the restore's entry at the end of the trail.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { openStore } from '../store'
import { runConsoleCli } from '../test-support/cli-process'
import { createTestConsole } from '../test-support/console-app'
import { findPostgresBin } from '../test-support/postgres-cluster'
import { startTestServer, type TestServer } from '../test-support/running-console'
import { onPostgres, testStoreLocation } from '../test-support/test-store'

const sh = promisify(execFile)
const found = findPostgresBin()

let running: TestServer | undefined
afterAll(() => running?.close())

/** The command the CLI printed (its lines two spaces in, continued by `&&`), as one shell command. */
const commandOf = (printed: string) =>
  printed
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim())
    .join('\n')

const runAsPrinted = async (command: string, url: string) => {
  try {
    const { stdout, stderr } = await sh('sh', ['-c', command], {
      cwd: process.cwd(),
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'CONSOLE_DB')),
        CONSOLE_DATABASE_URL: url,
        PATH: `${'bin' in found ? found.bin : ''}:${process.env.PATH}`,
      },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe.skipIf(!onPostgres() || !('bin' in found))('restore on PostgreSQL while consoles run', () => {
  it('refuses while an instance renews its leases, then restores, ends every session and says so in the trail', async () => {
    const url = await testStoreLocation()
    // No voice API key: it does none of the shared work (no live hub, index or alert rules), and holds only its own.
    running = await startTestServer({ CONSOLE_DATABASE_URL: url })
    const instance = running.instanceId
    await eventually(async () =>
      expect((await running?.store.leases.all())?.map((lease) => lease.name)).toEqual([`instance:${instance}`]),
    )
    const app = await createTestConsole({ store: running.store })
    await app.addUser('ana@example.com', 'support')
    const ana = await app.signIn('ana@example.com')

    const file = join(mkdtempSync(join(tmpdir(), 'console-pg-restore-')), 'console.dump')
    const backup = await runConsoleCli(['backup', file], { CONSOLE_DATABASE_URL: url })
    expect((await runAsPrinted(commandOf(backup.stderr), url)).code).toBe(0)
    const headAtBackup = (await runConsoleCli(['audit', 'head'], { CONSOLE_DATABASE_URL: url })).stdout.trim()
    expect(headAtBackup).toMatch(/^\d+:[0-9a-f]{64}$/)

    const printed = await runConsoleCli(['restore', file], { CONSOLE_DATABASE_URL: url })
    expect(printed.code).toBe(1)
    const restore = commandOf(printed.stderr)
    expect(restore).toBe(
      [
        'npm run console -- restore --before-pg-restore &&',
        `pg_restore --clean --if-exists --no-owner -d "$CONSOLE_DATABASE_URL" ${file} &&`,
        `npm run console -- restore --after-pg-restore ${file}`,
      ].join('\n'),
    )

    // While the instance runs: refused before pg_restore, which never runs; the session lives on.
    const refused = await runAsPrinted(restore, url)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Not yet: 1 console instance(s) run on this database')
    expect(refused.stderr).toContain(`\n  ${instance}\n`)
    expect(refused.stderr).not.toContain('pg_restore:')
    const session = async () =>
      (await (await app.request('/api/console/session', { cookie: ana })).json()) as { user: unknown }
    expect((await session()).user).toMatchObject({ email: 'ana@example.com' })
    // The step after pg_restore, run alone, refuses the same way and ends nothing.
    const afterAlone = await runConsoleCli(['restore', '--after-pg-restore', file], { CONSOLE_DATABASE_URL: url })
    expect(afterAlone.code).toBe(1)
    expect(afterAlone.stderr).toContain(`Sessions not ended: 1 console instance(s) run on this database`)
    expect((await session()).user).toMatchObject({ email: 'ana@example.com' })

    await running.close()
    running = undefined
    const restored = await runAsPrinted(restore, url)
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain('No console instance runs on this database: go on with pg_restore.')
    expect(restored.stdout).toContain('Every session ended (1): everyone signs in again.')
    expect(restored.stdout).toContain(`after the dump's head (${headAtBackup})`)

    const store = await openStore(url)
    try {
      const last = await store.audit.head()
      expect(last?.seq).toBe(Number(headAtBackup.split(':')[0]) + 1)
      const entry = await store.audit.bySeq(store.db, last?.seq ?? 0)
      expect(entry).toMatchObject({ action: 'store.restored', actor_user_id: null, outcome: 200 })
      expect(JSON.parse(entry?.detail ?? '')).toEqual({
        via: 'cli',
        backup: 'console.dump',
        backupHead: headAtBackup,
        sessionsEnded: 1,
      })
      const served = await createTestConsole({ store })
      expect((await (await served.request('/api/console/session', { cookie: ana })).json()).user).toBeNull()
    } finally {
      await store.close()
    }
    const verified = await runConsoleCli(['audit', 'verify', '--head', headAtBackup], { CONSOLE_DATABASE_URL: url })
    expect(verified.code).toBe(0)
  }, 180_000)
})
