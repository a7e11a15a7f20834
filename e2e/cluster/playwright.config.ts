// The journey through two console instances behind nginx (`npm run test:cluster`): Chromium as in the main
// suite; the servers are started by global-setup.ts (a PostgreSQL cluster, the simulator, two instances,
// nginx), not by webServer entries, since nginx's address is chosen when it starts.
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findTestChromium } from '../../scripts/find-chromium'
import { ports } from '../support/servers'
import { TRACE_MODE } from '../support/trace-mode'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export default defineConfig({
  testDir: '.',
  testMatch: /\.journey\.ts$/,
  outputDir: `${ROOT}/test-results/cluster-${ports.app}`,
  globalSetup: './global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['../../scripts/slowest-journeys/reporter.ts']],
  use: {
    colorScheme: 'light',
    viewport: { width: 1280, height: 800 },
    trace: TRACE_MODE,
    launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
})
