import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'
import { findPostgresBin } from './server/console/test-support/postgres-cluster.ts'
import { reactOnPreact } from './vite.config.ts'

// Hardening tests take minutes; they run in their own project (`npm run test:hard`), not in `npm test`.
const HARD_TESTS = 'server/**/*.hard.test.ts'
// Several console instances behind nginx, on PostgreSQL whatever the project: the SQLite project runs them
// once, and the PostgreSQL project (the same files again) leaves them out.
const CLUSTER_TESTS = 'server/**/*.cluster.test.ts'

// The console server's suite runs again on PostgreSQL: on a throw-away cluster of Debian's postgresql, or on
// CONSOLE_TEST_POSTGRES_URL. Without either it is skipped and says why; in CI it must run.
const nodeModule = (path: string) => fileURLToPath(new URL(`./node_modules/${path}`, import.meta.url))

/**
 * Preact's modules as Node imports them, one copy of each. The web project's imports of node_modules are given a
 * version query (`preact.mjs?v=…`, by Vite's dependency optimizer, which the web project uses), and Node loads a
 * file under two addresses twice: Preact's own files import each other without it (preact/compat/client imports
 * preact/compat), so the tests ran two copies of preact/compat, and a test's `options` from 'preact' were not the
 * ones preact/hooks reads (src/test/effects-after-task.ts set nothing). Resolved here, before Vite's resolver, the
 * address is the one Node gives.
 */
const preactAsNodeLoadsIt: Plugin = {
  name: 'preact-as-node-loads-it',
  enforce: 'pre',
  resolveId: (id) => (/^preact(\/|$)/.test(id) ? fileURLToPath(import.meta.resolve(id)) : undefined),
}

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
        // The browser runs on Preact (vite.config.ts), so the components are tested on it too: every package that
        // imports React is inlined, for the alias to reach it (Testing Library's act is Preact's own).
        plugins: [preactAsNodeLoadsIt],
        resolve: {
          alias: [
            ...reactOnPreact,
            { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
            // Their main files are CommonJS, whose require('react') no alias reaches: their ES modules instead.
            { find: /^recharts$/, replacement: nodeModule('recharts/es6/index.js') },
            {
              find: /^@testing-library\/react$/,
              replacement: nodeModule('@testing-library/react/dist/@testing-library/react.esm.js'),
            },
          ],
        },
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/test/async-wait-bound.ts', 'src/test/effects-after-task.ts'],
          // Preact itself stays Node's own module (one copy, as React was), which vi.resetModules leaves alone.
          server: { deps: { inline: [/^(?!.*\/node_modules\/preact\/)/] } },
          // CommonJS that requires React (TanStack Store's and Recharts' useSyncExternalStore selector) is bundled
          // before the tests, through the same alias, importing that one Preact.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: ['use-sync-external-store/shim/with-selector', 'use-sync-external-store/shim'],
                exclude: ['preact', 'preact/compat', 'preact/hooks', 'preact/jsx-runtime'],
              },
            },
          },
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
    // Bounds, not speed targets: a fresh clone's CI on a slower machine of this kind, beside the journeys at load 12 to
    // 23, ran tests three times as long as here (a CLI test took 30 s, a backup 179 s of its 180); what takes long on
    // purpose says so on its own test.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
})
