// The console's own dependency rules (.dependency-cruiser.cjs), each shown to refuse a violation planted in a tree of
// files in a temporary folder, and to let the same tree pass once the import goes where the rule allows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDependencies } from './dependency-rules'

let folder: string | null = null

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true })
  folder = null
})

/** Writes `files` (path -> source) under a new temporary folder and checks server/ there against the rules. */
async function check(files: Record<string, string>) {
  folder = mkdtempSync(join(tmpdir(), 'dependency-rules-'))
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true })
    writeFileSync(join(folder, path), source)
  }
  const result = await checkDependencies(['server'], folder)
  return { ...result, errors: result.output.split('\n').filter((line) => line.includes('error ')) }
}

const exported = 'export const value = 1\n'
const uses = (path: string) => `import { value } from '${path}'\nexport const used = value\n`

describe('the console’s dependency rules', () => {
  it('refuse a store file that imports a capability of the console, and take one that imports the store', async () => {
    const tree = {
      'server/console/alerts/rules/rule-kinds.ts': exported,
      'server/console/store/schema.ts': exported,
    }
    const planted = await check({ ...tree, 'server/console/store/alert-rules.ts': uses('../alerts/rules/rule-kinds') })
    expect(planted.exitCode).toBeGreaterThan(0)
    expect(planted.errors).toEqual([
      expect.stringContaining(
        'console-store-knows-no-feature: server/console/store/alert-rules.ts → server/console/alerts/rules/rule-kinds.ts',
      ),
    ])
    const allowed = await check({ ...tree, 'server/console/alerts/rules/evaluator.ts': uses('../../store/schema') })
    expect(allowed.errors).toEqual([])
    expect(allowed.exitCode).toBe(0)
  })

  it('refuse http/ reaching into auth/, and take auth/index.ts, its public entry', async () => {
    const tree = {
      'server/console/auth/require-session.ts': exported,
      'server/console/auth/index.ts': "export { value } from './require-session'\n",
    }
    const planted = await check({ ...tree, 'server/console/http/rate-limit.ts': uses('../auth/require-session') })
    expect(planted.errors).toEqual([
      expect.stringContaining(
        'console-http-only-auth-entry: server/console/http/rate-limit.ts → server/console/auth/require-session.ts',
      ),
    ])
    const allowed = await check({ ...tree, 'server/console/http/rate-limit.ts': uses('../auth') })
    expect(allowed.errors).toEqual([])
  })

  it('refuse product code that imports a test fixture, and take tests and test-support/ that do', async () => {
    const tree = {
      'server/console/test-support/test-store.ts': exported,
      'server/console/alerts/delivery/delivery-fixtures.ts': exported,
      'server/console/calls/seed-calls.ts': exported,
    }
    const planted = await check({
      ...tree,
      'server/console/calls/routes.ts': [
        "import { value as a } from '../test-support/test-store'",
        "import { value as b } from '../alerts/delivery/delivery-fixtures'",
        "import { value as c } from './seed-calls'",
        'export const used = a + b + c',
      ].join('\n'),
    })
    expect(planted.errors.map((line) => line.replace(/^.*error /, ''))).toEqual(
      expect.arrayContaining([
        'fixtures-only-in-tests: server/console/calls/routes.ts → server/console/test-support/test-store.ts',
        'fixtures-only-in-tests: server/console/calls/routes.ts → server/console/alerts/delivery/delivery-fixtures.ts',
        'fixtures-only-in-tests: server/console/calls/routes.ts → server/console/calls/seed-calls.ts',
      ]),
    )
    const allowed = await check({
      ...tree,
      'server/console/calls/routes.test.ts': uses('../test-support/test-store'),
      'server/console/test-support/console-app.ts': uses('./test-store'),
    })
    expect(allowed.errors).toEqual([])
  })
})
