// On PostgreSQL, the commands `npm run console -- backup|restore` print are run as printed, against a throw-away
// cluster of its own: pg_dump -Fc while the store takes writes, then pg_restore --clean --if-exists over the same
// database (its consoles stopped), and the restored database serves a console. It starts its own cluster, so it runs
// in the SQLite project's run alone.
import { execFile } from 'node:child_process'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SavedView } from '../../../src/api/contract/saved-view-schemas'
import { openStore } from '../store'
import { runConsoleCli } from '../test-support/cli-process'
import { createTestConsole } from '../test-support/console-app'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from '../test-support/postgres-cluster'
import { onPostgres } from '../test-support/test-store'

const sh = promisify(execFile)
const found = findPostgresBin()

let cluster: PostgresCluster
let url: string
let dir: string

describe.skipIf(onPostgres() || !('bin' in found))(
  'backup and restore on PostgreSQL, with pg_dump and pg_restore',
  () => {
    beforeAll(async () => {
      cluster = await startPostgresCluster()
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      await admin.query('create database console')
      await admin.end()
      url = cluster.urlOf('console')
      dir = mkdtempSync(join(tmpdir(), 'console-pg-backup-'))
    }, 120_000)
    afterAll(() => cluster?.stop())

    /** The command lines the CLI printed (two spaces in), run by a shell as an operator pastes them. */
    const commandsOf = (printed: string) =>
      printed
        .split('\n')
        .filter((line) => line.startsWith('  '))
        .map((line) => line.trim())
    const runAsPrinted = (command: string) =>
      sh('sh', ['-c', command], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          CONSOLE_DATABASE_URL: url,
          PATH: `${'bin' in found ? found.bin : ''}:${process.env.PATH}`,
        },
      })

    it('restores what the dump held, ends every session, and the restored database serves a console', async () => {
      const store = await openStore(url)
      const app = await createTestConsole({ store })
      await app.addUser('ana@example.com', 'support')
      const ana = await app.signIn('ana@example.com')
      const view = { search: 'status=COMPLETED', shared: false, pinned: false }
      expect((await app.request('/api/console/views', { cookie: ana, json: { ...view, name: 'Before' } })).status).toBe(
        201,
      )

      const file = join(dir, 'console.dump')
      const backup = await runConsoleCli(['backup', file], { CONSOLE_DATABASE_URL: url })
      expect(backup.code).toBe(1)
      expect(backup.stderr).not.toContain(url)
      const [dump] = commandsOf(backup.stderr)
      expect(dump).toBe(`(umask 077 && pg_dump -Fc --no-owner -d "$CONSOLE_DATABASE_URL" -f ${file})`)
      await runAsPrinted(dump as string)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const headAtBackup = (await runConsoleCli(['audit', 'head'], { CONSOLE_DATABASE_URL: url })).stdout.trim()

      // Written after the dump: the restore rolls it back, and the head noted since says so.
      expect((await app.request('/api/console/views', { cookie: ana, json: { ...view, name: 'After' } })).status).toBe(
        201,
      )
      await app.request('/api/console/sign-in', { json: { email: 'ana@example.com', password: 'wrong password' } })
      const liveHead = (await runConsoleCli(['audit', 'head'], { CONSOLE_DATABASE_URL: url })).stdout.trim()
      expect(liveHead).not.toBe(headAtBackup)
      await store.close()

      const restore = await runConsoleCli(['restore', file], { CONSOLE_DATABASE_URL: url })
      expect(restore.code).toBe(1)
      const commands = commandsOf(restore.stderr)
      expect(commands).toEqual([
        'npm run console -- restore --before-pg-restore &&',
        `pg_restore --clean --if-exists --no-owner -d "$CONSOLE_DATABASE_URL" ${file} &&`,
        `npm run console -- restore --after-pg-restore ${file}`,
      ])
      const { stdout } = await runAsPrinted(commands.join('\n'))
      expect(stdout).toMatch(/Every session ended \([1-9]\d*\)/)

      expect(
        (await runConsoleCli(['audit', 'verify', '--head', headAtBackup], { CONSOLE_DATABASE_URL: url })).code,
      ).toBe(0)
      const rolledBack = await runConsoleCli(['audit', 'verify', '--head', liveHead], { CONSOLE_DATABASE_URL: url })
      expect(rolledBack.code).toBe(1)
      expect(rolledBack.stderr).toContain(`does not reach the head ${liveHead}`)

      const restored = await openStore(url)
      try {
        const served = await createTestConsole({ store: restored })
        expect((await served.request('/api/console/session', { cookie: ana })).status).toBe(200)
        expect((await (await served.request('/api/console/session', { cookie: ana })).json()).user).toBeNull()
        const again = await served.signIn('ana@example.com')
        const views = (await (await served.request('/api/console/views', { cookie: again })).json()) as {
          views: SavedView[]
        }
        expect(views.views.map((saved) => saved.name)).toEqual(['Before'])
      } finally {
        await restored.close()
      }
    }, 600_000)
  },
)
