// `npm run console -- audit verify` as an operator runs it: a real process on a real file,
// green on the trail as written and red, naming the entry, on a tampered copy.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openStore } from '../store'
import { createAuditLog } from './audit-log'

const run = promisify(execFile)

async function verify(dbPath: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/console/cli.ts', 'audit', 'verify'], {
      env: { ...process.env, CONSOLE_DB: dbPath },
    })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stderr: string }
    return { code: failed.code, output: failed.stderr }
  }
}

// The bound is not a speed target: a fresh clone's first start of the CLI compiles it all through tsx, and a CI
// beside the journeys (load 15) once took more than 30 s for the two.
describe('npm run console -- audit verify', () => {
  it('passes on the trail as written and fails, naming the entry, on a tampered copy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-verify-'))
    const original = join(dir, 'console.sqlite')
    const store = await openStore(original)
    const audit = createAuditLog(store)
    for (let n = 1; n <= 30; n++) {
      await audit.record({ actor: null, action: 'sign-in.failed', target: `person${n}@example.com`, outcome: 401 })
    }
    await store.close()

    const tampered = join(dir, 'tampered.sqlite')
    copyFileSync(original, tampered)
    const raw = new BetterSqlite3(tampered)
    raw.exec('drop trigger audit_log_no_update')
    raw.prepare("update audit_log set target = 'someone-else@example.com' where seq = 17").run()
    raw.close()

    // Both at once: each is a process that compiles the CLI through tsx, seconds of CPU on a cold cache.
    const [intact, broken] = await Promise.all([verify(original), verify(tampered)])
    expect(intact).toEqual({ code: 0, output: expect.stringMatching(/holds: 30 entries, 1 to 30/) })
    expect(broken.code).toBe(1)
    expect(broken.output).toMatch(/broken at entry 17 \(.*sign-in\.failed\): entry 17 was changed/)
  }, 120_000)
})
