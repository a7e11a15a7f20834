import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import { findPostgresBin } from './server/console/test-support/postgres-cluster.ts'

// Hardening tests take minutes; they run in their own project (`npm run test:hard`), not in `npm test`.
const HARD_TESTS = 'server/**/*.hard.test.ts'
// Several console instances behind nginx, on PostgreSQL whatever the project: the SQLite project runs them
// once, and the PostgreSQL project (the same files again) leaves them out.
const CLUSTER_TESTS = 'server/**/*.cluster.test.ts'

// The console server's suite runs again on PostgreSQL: on a throw-away cluster of Debian's postgresql, or on
// CONSOLE_TEST_POSTGRES_URL. Without either it is skipped and says why; in CI it must run.
const postgresBin = findPostgresBin()
const postgresMissing = process.env.CONSOLE_TEST_POSTGRES_URL || 'bin' in postgresBin ? null : postgresBin.missing
if (postgresMissing && process.env.CI) throw new Error(`The PostgreSQL suite must run in CI: ${postgresMissing}`)
if (postgresMissing) console.warn(`Skipping the console's PostgreSQL suite: ${postgresMissing}.`)

// A test that opens no store runs the same on both: PostgreSQL's project takes the console's tests that open one
// (through test-support/test-store.ts, directly or through the helpers that use it).
const OPENS_A_STORE =
  /openTestStore|testStoreLocation|createTestConsole|startTestServer|startLiveTestbed|call-list-console|delivery-fixtures|export-against-upstream|onPostgres/
const consoleTestsWithAStore = () =>
  readdirSync('server/console', { recursive: true, encoding: 'utf8' })
    .map((file) => `server/console/${file}`)
    .filter(
      (file) =>
        file.endsWith('.test.ts') && !file.endsWith('.hard.test.ts') && OPENS_A_STORE.test(readFileSync(file, 'utf8')),
    )

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // Each project names its own files (an include here would be merged into both);
    // e2e/ belongs to Playwright.
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, HARD_TESTS],
          environment: 'node',
          // One module graph per worker, not per file: each file imported the console anew, 351 s of the two
          // server projects' 477 (a run on 2026-11-27 at load 3: 509 s in all, against 303 s without). The files
          // share no state a test leaves behind: no module mocks, no environment changes, each its own store.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: postgresMissing ? [] : consoleTestsWithAStore(),
          exclude: [...configDefaults.exclude, HARD_TESTS, CLUSTER_TESTS],
          environment: 'node',
          isolate: false,
          globalSetup: postgresMissing ? [] : ['server/console/test-support/postgres-global-setup.ts'],
          setupFiles: postgresMissing ? [] : ['server/console/test-support/postgres-test-files.ts'],
        },
      },
      {
        extends: true,
        // One jsdom per worker, not per file: setting one up for each of 69 files took most of the project's
        // time (204 s against 25 s at load 12); the files share no state a test leaves behind (measured: the
        // suite passes in any order).
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/test/async-wait-bound.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'hard', include: [HARD_TESTS], environment: 'node', testTimeout: 600_000 },
      },
    ],
    // Most server tests wait on sockets, timers and child processes rather than the CPU: on 2 cores vitest's
    // default (cores - 1, one worker) ran them one file at a time; three overlap their waits.
    maxWorkers: 3,
    globalSetup: ['scripts/vitest-temp-root.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
