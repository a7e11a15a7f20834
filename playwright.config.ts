import { defineConfig } from '@playwright/test'
import {
  appEnv,
  authFile,
  buildCommand,
  consoleDb,
  DEMO_KEY,
  demoEnv,
  ownSimAppEnv,
  PRISM_COMMAND,
  ports,
  prismAppEnv,
  prismReady,
  QUIRKS_COMMAND,
  quirksAppEnv,
  quirksEnv,
  quirksReady,
  SIM_COMMAND,
  SSO_PROVIDER_COMMAND,
  START_COMMAND,
  serveCommand,
  simReady,
  simulatorEnv,
  ssoAppEnv,
  ssoProviderEnv,
  ssoProviderReady,
  urls,
  webServer,
} from './e2e/support/servers'
import { TRACE_MODE } from './e2e/support/trace-mode'
import { CHROMIUM_ARGS, findTestChromium } from './scripts/find-chromium'

const removeDb = (port: number) => `rm -f ${consoleDb(port)} ${consoleDb(port)}-wal ${consoleDb(port)}-shm`

// Servers start one after another: the first app builds, the others reuse its build.
const server = webServer

// Two chromium journeys at a time on CI's two cores, and one slot beside them for the one-at-a-time projects
// (faults, quirks, prism, own-simulator), which mostly wait on their upstreams. Three chromium workers finished sooner (17.2 min
// against 19.0, 2026-11-27) but at load 15 to 22, where a starved page took 8 s to draw the command palette it had
// already loaded, and journeys failed on time alone. Queued after chromium's 171 journeys, the one-at-a-time
// projects ran last, on two workers at 60 to 70% CPU for about two minutes. E2E_WORKERS overrides, to compare runs.
const WORKERS = Number(process.env.E2E_WORKERS) || (process.env.CI ? 3 : 4)
const CHROMIUM_WORKERS = Math.max(1, WORKERS - 1)
// That slot sat idle for the last 3 to 4 minutes of CI's runs: its projects' 225 s against chromium's 880 s on two
// workers. Journeys tagged @waits spend most of their time waiting on a clock or an upstream (calls ringing at real
// speed, a rule's evaluation, a page's retries), as those projects do: in the whole suite (`npm run test:e2e` sets
// E2E_WAITS_BESIDE=on) they run in that slot first, as the project chromium-waits. Replayed from the journeys' times
// in three CI logs of 2026-12-06 with Playwright's scheduling, the journeys' wall comes down from 414-440 s to
// 356-369 s (docs/testing.md). Run otherwise (`--project=chromium`), they are chromium's, as before.
const WAITS_BESIDE = process.env.E2E_WAITS_BESIDE === 'on'
const WAITS = /@waits/
const NOT_CHROMIUM = [/faults\.spec\.ts/, /quirks\//, /prism\//, /own-simulator\//]

export default defineConfig({
  testDir: 'e2e',
  // Parallel runs on other ports keep their own artifacts.
  outputDir: `test-results/${ports.app}`,
  // A bound, not a speed target: on a slower machine of this kind, beside the unit suite, journeys ran three times as
  // long as here (a scoring journey 49 s of 60).
  timeout: 120_000,
  // A bound too (was 10 s): a reload of /calls did not show its heading within 10 s at load 20 in a fresh-clone CI
  // (keyboard.spec). A check that something stays away passes at once; only a failing check waits the longer.
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: WORKERS,
  // In CI, a journey that fails is run once more, and the list's summary names it "flaky": on this machine class at
  // load 15 to 23 (the suite's own) five fresh clones in a row failed one to three journeys each, a different one
  // each time, nearly all a wait outrun (a keep-alive socket reset, a dialog's answer past 20 s). A journey that fails
  // twice still fails CI; a flaky one is a finding to read in the log, not a pass to forget. Here, none.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // The ten slowest journeys and each project's time, at the end of CI's log (scripts/slowest-journeys/).
  reporter: [['list'], ['./scripts/slowest-journeys/reporter.ts']],
  use: {
    baseURL: urls.app,
    colorScheme: 'light',
    viewport: { width: 1280, height: 800 },
    trace: TRACE_MODE,
    launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    // Signs each person in once through the sign-in page; the specs reuse those sessions.
    { name: 'sign-in', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      testIgnore: NOT_CHROMIUM,
      ...(WAITS_BESIDE && { grepInvert: WAITS }),
      dependencies: ['sign-in'],
      workers: CHROMIUM_WORKERS,
      // An admin may do everything; a spec about one role's work signs in as that role.
      use: { storageState: authFile(ports.app, 'admin') },
    },
    // Listed before the one-at-a-time projects: the slot beside chromium's takes these first.
    ...(WAITS_BESIDE
      ? [
          {
            name: 'chromium-waits',
            testIgnore: NOT_CHROMIUM,
            grep: WAITS,
            dependencies: ['sign-in'],
            workers: 1,
            use: { storageState: authFile(ports.app, 'admin') },
          },
        ]
      : []),
    {
      name: 'faults',
      testMatch: /faults\.spec\.ts/,
      dependencies: ['sign-in'],
      // The rate limit is the account's, and the journeys share the account: one at a time,
      // each journey's 429s come from its own requests and do not slow the others down.
      fullyParallel: false,
      workers: 1,
      // A trace and a screenshot when one fails, in CI too: "verifies a caller ID" failed in a fresh clone's CI
      // with nothing to say what the page showed.
      use: {
        baseURL: urls.faultApp,
        storageState: authFile(ports.faultApp, 'admin'),
        trace: 'retain-on-failure',
        screenshot: 'only-on-failure',
      },
    },
    {
      name: 'quirks',
      testMatch: /quirks\/.*\.spec\.ts/,
      dependencies: ['sign-in'],
      // One upstream with switches: each journey sets the quirks it is about, so they run one at a time.
      fullyParallel: false,
      workers: 1,
      use: { baseURL: urls.quirksApp, storageState: authFile(ports.quirksApp, 'admin') },
    },
    {
      name: 'own-simulator',
      testMatch: /own-simulator\/.*\.spec\.ts/,
      dependencies: ['sign-in'],
      // Each journey starts, stops or slows the one simulator behind this console: one at a time.
      fullyParallel: false,
      workers: 1,
      // Its three journeys keep a trace and a screenshot when they fail, in CI too: one failed there with nothing to
      // say why (Place call sent nothing). Recorded for three journeys only, it costs the suite a few seconds.
      use: {
        baseURL: urls.ownApp,
        storageState: authFile(ports.ownApp, 'admin'),
        trace: 'retain-on-failure',
        screenshot: 'only-on-failure',
      },
    },
    {
      name: 'prism',
      testMatch: /prism\/.*\.spec\.ts/,
      dependencies: ['sign-in'],
      workers: 1,
      use: { baseURL: urls.prismApp, storageState: authFile(ports.prismApp, 'admin') },
    },
  ],
  webServer: [
    server(SIM_COMMAND, simReady(ports.sim), simulatorEnv({ port: ports.sim, appPort: ports.app })),
    server(
      `${buildCommand(ports.app)} && ${serveCommand(ports.app)}`,
      urls.app,
      appEnv({ port: ports.app, simPort: ports.sim, apiKey: DEMO_KEY }),
    ),
    server(
      serveCommand(ports.noKeyApp, ['admin', 'support']),
      urls.noKeyApp,
      appEnv({ port: ports.noKeyApp, simPort: ports.sim, distPort: ports.app }),
    ),
    // A fresh clone's npm start: a new console database each run, as the simulator's is (in memory).
    server(`${removeDb(ports.demoApp)} && ${START_COMMAND}`, urls.demoApp, demoEnv()),
    server(SSO_PROVIDER_COMMAND, ssoProviderReady, ssoProviderEnv()),
    server(serveCommand(ports.ssoApp, []), urls.ssoApp, ssoAppEnv()),
    server(
      SIM_COMMAND,
      simReady(ports.faultSim),
      simulatorEnv({ port: ports.faultSim, appPort: ports.faultApp, faults: true }),
    ),
    server(serveCommand(ports.faultApp, ['admin']), urls.faultApp, {
      ...appEnv({ port: ports.faultApp, simPort: ports.faultSim, apiKey: DEMO_KEY, distPort: ports.app }),
      // The fault simulator allows 20 requests a minute: the status hub and the index's sync would spend
      // them all. These journeys are about the pages' own retries, so the pages poll (and no alert rule reads usage).
      CONSOLE_LIVE: 'off',
      CONSOLE_INDEX: 'off',
      CONSOLE_ALERTS: 'off',
    }),
    server(QUIRKS_COMMAND, quirksReady, quirksEnv()),
    server(serveCommand(ports.quirksApp, ['admin', 'support']), urls.quirksApp, quirksAppEnv()),
    // No simulator: the journeys of e2e/own-simulator/ start theirs on ports.ownSim (support/own-simulator.ts).
    server(serveCommand(ports.ownApp, ['admin']), urls.ownApp, ownSimAppEnv()),
    server(PRISM_COMMAND, prismReady, {}),
    server(serveCommand(ports.prismApp, ['admin']), urls.prismApp, prismAppEnv()),
  ],
})
