// The support journey in real Firefox and real WebKit (`npm run test:browsers`, under xvfb-run for WebKit).
// Firefox: Debian's firefox-esr through Playwright's WebDriver BiDi channel, behind firefox-bidi-relay.ts.
// WebKit: Debian's WebKitWebDriver and MiniBrowser, driven by selenium-webdriver (webkit.journey.ts).
// The servers are the Chromium suite's (same commands and settings), on ports of their own; the dashboard is its
// build when that is fresh (run after it in CI, it is).
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import {
  appEnv,
  DEMO_KEY,
  ports,
  SIM_COMMAND,
  serveCommand,
  simReady,
  simulatorEnv,
  suiteBuildCommand,
  urls,
  webServer,
} from '../support/servers'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Commands and paths are the repository root's, as in playwright.config.ts.
const server = (command: string, url: string, env: Record<string, string>) => ({
  ...webServer(command, url, env),
  cwd: ROOT,
})

export default defineConfig({
  testDir: '.',
  testMatch: /\.journey\.ts$/,
  outputDir: `${ROOT}/test-results/browsers-${ports.browsersApp}`,
  globalSetup: './audio-sink.ts',
  // A journey takes about half a minute on a quiet machine; beside CI's other work (the hard tests and the benches
  // run beside it) WebKit's passed three minutes once (2026-12-06). Each step keeps its own 30 s bound, so a stuck
  // step still fails fast; the whole gets room for a loaded machine.
  timeout: 420_000,
  expect: { timeout: 30_000 },
  // One engine at a time: both journeys place calls on one account, and two browsers on two cores slow each other.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['../../scripts/slowest-journeys/reporter.ts']],
  use: {
    baseURL: urls.browsersApp,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    {
      name: 'firefox',
      testMatch: /firefox\.journey\.ts$/,
      use: {
        browserName: 'firefox',
        channel: 'moz-firefox',
        launchOptions: { executablePath: `${ROOT}/e2e/browsers/firefox-relayed` },
        headless: true,
      },
    },
    { name: 'webkit', testMatch: /webkit\.journey\.ts$/ },
  ],
  webServer: [
    server(
      SIM_COMMAND,
      simReady(ports.browsersSim),
      simulatorEnv({ port: ports.browsersSim, appPort: ports.browsersApp }),
    ),
    server(
      `${suiteBuildCommand()} && ${serveCommand(ports.browsersApp, ['support', 'manager'])}`,
      urls.browsersApp,
      appEnv({ port: ports.browsersApp, simPort: ports.browsersSim, apiKey: DEMO_KEY, distPort: ports.app }),
    ),
  ],
})
