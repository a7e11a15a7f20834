// Ports, URLs and commands of the servers the browser tests (and the screenshot
// script) start: a simulator and the console server's production start in front of it,
// with people added by the console's CLI, as an admin would.
// Ports can be moved with E2E_SIM_PORT / E2E_APP_PORT so parallel runs do not collide.

import { readFileSync } from 'node:fs'
import { builtAfterInputs } from '../../scripts/build-if-stale'
import { DEMO_KEYS } from '../../server/simulator/demo-keys'
import { consoleSsoEnv } from '../../server/sso-demo/demo-setup'

const env = process.env

const SIM_PORT = Number(env.E2E_SIM_PORT ?? 8790)
const APP_PORT = Number(env.E2E_APP_PORT ?? 4173)

export const ports = {
  sim: SIM_PORT,
  app: APP_PORT,
  /** The same build in a production start without an API key: an admin is told what is missing. */
  noKeyApp: APP_PORT + 1,
  /** `npm start` as a newcomer runs it: its own simulator and the one-click demo users. */
  demoApp: APP_PORT + 2,
  demoSim: SIM_PORT + 2,
  /** A production start that signs people in with SSO only, and the demo OpenID provider it uses. */
  ssoApp: APP_PORT + 3,
  ssoProvider: APP_PORT + 4,
  faultSim: SIM_PORT + 10,
  faultApp: APP_PORT + 10,
  /** The Firefox and WebKit journeys (e2e/browsers/), apart from the Chromium suite's servers. */
  browsersSim: SIM_PORT + 20,
  browsersApp: APP_PORT + 20,
  /** WebKitWebDriver, for the WebKit journey. */
  webDriver: APP_PORT + 21,
  /** A voice service that is not our simulator (server/console/test-support/quirks-upstream.ts), its storage origin, and its console. */
  quirksApi: SIM_PORT + 30,
  quirksStorage: SIM_PORT + 31,
  quirksApp: APP_PORT + 30,
  /** Stoplight Prism serving openapi.json with made-up answers, and its console. */
  prismApi: SIM_PORT + 40,
  prismApp: APP_PORT + 40,
  /** A simulator a journey starts, stops and slows itself (e2e/own-simulator/), and the console in front of it. */
  ownSim: SIM_PORT + 50,
  ownApp: APP_PORT + 50,
  // The SMTP sink the alert-routing journey starts for the main console's email channels (e2e/alert-routing.spec.ts).
  alertSmtp: SIM_PORT + 60,
}

// Browsers and fetch refuse these ports (the Fetch standard's "bad ports" above 1023).
const BLOCKED_PORTS = [
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]
for (const [name, port] of Object.entries(ports)) {
  if (BLOCKED_PORTS.includes(port)) {
    throw new Error(`Port ${port} (${name}) is blocked by browsers; choose other E2E_SIM_PORT / E2E_APP_PORT values.`)
  }
}

export const origin = (port: number) => `http://127.0.0.1:${port}`
export const urls = {
  app: origin(ports.app),
  noKeyApp: origin(ports.noKeyApp),
  demoApp: origin(ports.demoApp),
  faultApp: origin(ports.faultApp),
  ssoApp: origin(ports.ssoApp),
  ssoProvider: origin(ports.ssoProvider),
  browsersApp: origin(ports.browsersApp),
  quirksApi: origin(ports.quirksApi),
  quirksApp: origin(ports.quirksApp),
  prismApi: origin(ports.prismApi),
  prismApp: origin(ports.prismApp),
  ownSim: origin(ports.ownSim),
  ownApp: origin(ports.ownApp),
}

export const DEMO_KEY = DEMO_KEYS.acme

/** A Playwright `webServer` entry for one of these servers (playwright.config.ts, e2e/browsers/). */
export const webServer = (command: string, url: string, env: Record<string, string>) => ({
  command,
  url,
  env,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 3000 },
})
/** The simulator's readiness URL: 401 is "up" for Playwright's check, and needs no key. */
export const simReady = (port: number) => `${origin(port)}/api/v1/voice/account`

/** Each app port builds into its own folder, so parallel runs never share dist/; a suite of its own names its own. */
export const distDir = (owner: number | string) => `node_modules/.cache/e2e-dist-${owner}`

/**
 * How long the e2e build awaits a caller-ID verification (VITE_VERIFICATION_TIMEOUT_MS)
 * instead of ten minutes: long enough for the simulator's answer after 5 s
 * (see simulatorEnv), short enough to see the timeout in a test.
 */
export const E2E_VERIFICATION_TIMEOUT_MS = 20_000

/** The console server as production runs it: built JavaScript (scripts/build-server.ts, part of `npm run build`). */
const SERVER_BUILD_COMMAND = 'node --import tsx scripts/build-server.ts'
/** The dashboard as the e2e suites serve it, into `outDir` (emptied first). */
export const dashboardBuildCommand = (outDir: string) =>
  `VITE_VERIFICATION_TIMEOUT_MS=${E2E_VERIFICATION_TIMEOUT_MS} node node_modules/vite/bin/vite.js build --outDir ${outDir} --emptyOutDir --logLevel warn`
/**
 * An app's build: the dashboard into its own folder, and the console server (the same build/console/ for every
 * app of a run: the first app's command builds it, and the servers start one after another).
 */
export const buildCommand = (appPort: number) => `${dashboardBuildCommand(distDir(appPort))} && ${SERVER_BUILD_COMMAND}`
/**
 * The build step of the Firefox and WebKit journeys, which run after the Chromium suite (in CI): its build
 * (distDir(ports.app)) when that is newer than everything it is built from, else a new one. The console server is
 * built again either way (scripts/build-server.ts replaces each file whole, for consoles running from it).
 */
export const suiteBuildCommand = (): string =>
  builtAfterInputs(distDir(ports.app)) ? SERVER_BUILD_COMMAND : buildCommand(ports.app)
export const SIM_COMMAND = 'node --import tsx server/simulator/index.ts'
export const START_COMMAND = 'node --import tsx scripts/start.ts'
/** The production start alone (`npm run serve`, read from package.json), on a database that already has its people. */
export const SERVE_COMMAND: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .scripts.serve
/** The console's command line, built as production has it. */
export const CLI_COMMAND = 'node build/console/cli.mjs'

export const ROLES = ['support', 'manager', 'admin'] as const
export type E2eRole = (typeof ROLES)[number]
/** The people each console of the tests has, all with E2E_PASSWORD. */
export const e2eUser = (role: E2eRole) => `${role}@e2e.test`
export const E2E_PASSWORD = 'e2e-password-not-secret'

/** A fresh console database per app port. */
export const consoleDb = (appPort: number) => `node_modules/.cache/e2e-console-${appPort}.sqlite`

/**
 * The production start, as an admin runs it: a new database, people added with the CLI
 * (password on stdin), then `npm run serve`.
 */
export function serveCommand(appPort: number, roles: readonly E2eRole[] = ROLES): string {
  const db = consoleDb(appPort)
  // The CLI creates a new database only for its first admin, as an operator's first command does.
  const adminFirst: E2eRole[] = ['admin', ...roles.filter((role) => role !== 'admin')]
  const addUsers = adminFirst.map(
    (role) => `printf '%s\\n' '${E2E_PASSWORD}' | ${CLI_COMMAND} users add ${e2eUser(role)} --role ${role}`,
  )
  return [`rm -f ${db} ${db}-wal ${db}-shm`, ...addUsers, SERVE_COMMAND].join(' && ')
}

/** Where the signed-in state of a role on one app is kept between the setup project and the specs. */
export const authFile = (appPort: number, role: E2eRole) => `test-results/.auth/${appPort}-${role}.json`

/**
 * The fault simulator's limit per account: a page polling a live call once a second
 * outruns it within a journey, so every journey meets 429s and their Retry-After.
 */
export const FAULT_RATE_LIMIT_PER_MINUTE = 20

export interface SimulatorOptions {
  port: number
  /** The app that proxies recordings, so they are same-origin for the browser. */
  appPort: number
  faults?: boolean
  seedCalls?: number
}

export function simulatorEnv({ port, appPort, faults, seedCalls = 60 }: SimulatorOptions): Record<string, string> {
  return {
    VOICE_SIM_PORT: String(port),
    VOICE_SIM_HOST: '127.0.0.1',
    VOICE_SIM_DB: ':memory:',
    VOICE_SIM_SPEED: '20',
    // Verification calls are answered after 100 s / 20 = 5 s: long enough to reload mid-verification.
    VOICE_SIM_VERIFY_DELAY_MS: '100000',
    VOICE_SIM_SEED_CALLS: String(seedCalls),
    VOICE_SIM_LOG: 'off',
    // As the console's (appEnv): the journeys' request clients do not resend on a connection closed under them.
    VOICE_SIM_KEEP_ALIVE_TIMEOUT_MS: '60000',
    VOICE_SIM_STORAGE_URL: `${origin(appPort)}/storage`,
    ...(faults
      ? {
          VOICE_SIM_FAULT_LATENCY_MS: '500-2000',
          VOICE_SIM_FAULT_ERROR_RATE: '0.2',
          VOICE_SIM_RATE_LIMIT: String(FAULT_RATE_LIMIT_PER_MINUTE),
        }
      : {}),
  }
}

export interface AppOptions {
  port: number
  simPort: number
  /** Undefined: no key on the server, so admins are told to configure one. */
  apiKey?: string
  distPort?: number
}

export function appEnv({ port, simPort, apiKey, distPort = port }: AppOptions): Record<string, string> {
  return {
    // Email channels through the routing journey's SMTP sink; no mail is sent unless a journey adds one.
    ...(port === ports.app && {
      CONSOLE_SMTP_URL: `smtp://127.0.0.1:${ports.alertSmtp}`,
      CONSOLE_ALERT_EMAIL_FROM: 'Voice Dashboard e2e <alerts@e2e.test>',
    }),
    PORT: String(port),
    HOST: '127.0.0.1',
    CONSOLE_PUBLIC_URL: origin(port),
    CONSOLE_DB: consoleDb(port),
    // The specs share one session per role and run in parallel: the per-person limit is tested on its own.
    CONSOLE_USER_RATE_LIMIT: '100000',
    // One person's streams are capped (one per browser, so a handful); the parallel specs' contexts of one
    // role would add up past it. The cap is tested on its own (server/console/live/live-person-caps.test.ts).
    CONSOLE_LIVE_STREAMS_PER_PERSON: '100',
    CONSOLE_QUERY_RATE_LIMIT: '100000',
    CONSOLE_EXPORTS_PER_PERSON: '100',
    CONSOLE_LOG: 'off',
    // Playwright's request client, unlike a browser, does not send a request again when the kept-alive socket it
    // reused was closed at that moment (ECONNRESET, twice in CI at the 5 s default): an idle minute is kept here.
    CONSOLE_KEEP_ALIVE_TIMEOUT_MS: '60000',
    // The alerts journey's webhook receiver listens on 127.0.0.1, which the SSRF guard refuses otherwise.
    CONSOLE_WEBHOOK_ALLOW_PRIVATE: 'on',
    // The single sign-on journey sets the demo OpenID provider, on 127.0.0.1, from the page (sso-settings.spec.ts).
    CONSOLE_OIDC_ALLOW_PRIVATE: 'on',
    // Rules are checked every 2 s (and as calls end) rather than every minute: the journey waits for a firing.
    CONSOLE_ALERT_EVALUATE_MS: '2000',
    // Nothing sends these consoles traffic when Playwright stops them (one after another, 3 s each before a
    // SIGKILL): on SIGTERM they skip the drain's waits (3 s of failing readiness, then 1 s for a late request),
    // which took 18 s at the end of every run. The drain is tested in server/console/ops/drain.test.ts.
    CONSOLE_DRAIN_GRACE_MS: '0',
    CONSOLE_DRAIN_TIMEOUT_MS: '0',
    // Calls at any hour: a journey run at night must not meet the callee's calling hours (server/console/calling-hours/).
    CONSOLE_CALLING_HOURS: '00:00-24:00',
    // France asks for the callee's consent to a recorded call (new-call-recording-consent.spec.ts); no other journey
    // calls a French number.
    CONSOLE_RECORDING_CONSENT_REGIONS: 'FR',
    VOICE_API_BASE_URL: origin(simPort),
    // Unset rather than empty: an empty setting is refused at start.
    ...(apiKey === undefined ? {} : { VOICE_API_KEY: apiKey }),
    DASHBOARD_DIST: distDir(distPort),
  }
}

export const QUIRKS_COMMAND = 'node --import tsx server/console/test-support/quirks-upstream-main.ts'
export const quirksEnv = (): Record<string, string> => ({
  QUIRKS_PORT: String(ports.quirksApi),
  QUIRKS_STORAGE_PORT: String(ports.quirksStorage),
})
/** Up once it answers; its switches are read without a key. */
export const quirksReady = `${urls.quirksApi}/__quirks`

/** The quirks console's limit on a whole answer of the voice service (CONSOLE_UPSTREAM_TIMEOUT_MS). */
export const QUIRKS_UPSTREAM_TIMEOUT_MS = 2_000

/**
 * The console in front of the quirks upstream, as a new deployment runs it (but for CONSOLE_STORAGE_ALLOW_PRIVATE: its
 * storage host is on loopback), and the call list read from the service (the index is off), so the pages meet the
 * service's own answers.
 */
export function quirksAppEnv(): Record<string, string> {
  return {
    ...appEnv({ port: ports.quirksApp, simPort: ports.quirksApi, apiKey: 'quirks-key', distPort: ports.app }),
    CONSOLE_INDEX: 'off',
    // Its storage host listens on loopback, which a console learns from the service's answers only when told to.
    CONSOLE_STORAGE_ALLOW_PRIVATE: 'on',
    // A hung answer becomes a 504 after 2 s instead of 10, so a journey sees the page give up without waiting long.
    CONSOLE_UPSTREAM_TIMEOUT_MS: String(QUIRKS_UPSTREAM_TIMEOUT_MS),
  }
}

/**
 * Prism as a voice service we did not write: every answer made up from openapi.json's schemas (dynamic
 * mode), so the pages meet values no simulator sends. Started with node, not npx, so stopping its
 * process stops it; it binds 127.0.0.1 only.
 */
export const PRISM_COMMAND = `node node_modules/@stoplight/prism-cli/dist/index.js mock --dynamic --host 127.0.0.1 --port ${ports.prismApi} openapi.json`
/** Up once it answers: without a key that is a 401, which is "up" for Playwright's check. */
export const prismReady = `${urls.prismApi}/api/v1/voice/account`

/** The console in front of Prism, as a new deployment runs it: a key Prism takes (any), no storage setting, the index off. */
export function prismAppEnv(): Record<string, string> {
  return {
    ...appEnv({ port: ports.prismApp, simPort: ports.prismApi, apiKey: 'prism-made-up-key', distPort: ports.app }),
    CONSOLE_INDEX: 'off',
  }
}

/**
 * The console in front of the simulator that e2e/own-simulator/ starts and stops (support/own-simulator.ts): up
 * before it, and through its stops, as a deployment is through the service's. The call list is read from the
 * service (the index is off), so /calls meets the outage as the other pages do.
 */
export function ownSimAppEnv(): Record<string, string> {
  return {
    ...appEnv({ port: ports.ownApp, simPort: ports.ownSim, apiKey: DEMO_KEY, distPort: ports.app }),
    CONSOLE_INDEX: 'off',
  }
}

export const SSO_PROVIDER_COMMAND = 'node --import tsx server/sso-demo/index.ts'
/** Up once its discovery document answers. */
export const ssoProviderReady = `${urls.ssoProvider}/.well-known/openid-configuration`

export const ssoProviderEnv = (): Record<string, string> => ({
  SSO_DEMO_PORT: String(ports.ssoProvider),
  // The console without a key is where sso-settings.spec.ts sets the same provider from the page.
  SSO_DEMO_REDIRECT_URIS: `${urls.ssoApp}/api/console/sso/callback,${urls.noKeyApp}/api/console/sso/callback`,
})

/** The console of the SSO journey: the demo provider's worked example, with passwords turned off. */
export function ssoAppEnv(): Record<string, string> {
  return {
    ...appEnv({ port: ports.ssoApp, simPort: ports.sim, apiKey: DEMO_KEY, distPort: ports.app }),
    ...consoleSsoEnv(urls.ssoProvider),
    CONSOLE_LOCAL_SIGN_IN: 'off',
  }
}

/** `npm start` on other ports, with the build of the app under test instead of building its own. */
export function demoEnv(): Record<string, string> {
  return {
    PORT: String(ports.demoApp),
    CONSOLE_DB: consoleDb(ports.demoApp),
    CONSOLE_LOG: 'off',
    // Journeys in six files sign in here as the same demo people on three workers at once, many tabs each: past the
    // default pace of one person (120 queries a minute) a CI run met a 429 where a journey asked for a 403
    // (caller-id-health.spec.ts, 2026-12-07). The limits are tested on their own, as for the suite's console.
    CONSOLE_USER_RATE_LIMIT: '100000',
    CONSOLE_QUERY_RATE_LIMIT: '100000',
    // Calls at any hour: a journey run at night must not meet the callee's calling hours (server/console/calling-hours/).
    CONSOLE_CALLING_HOURS: '00:00-24:00',
    DASHBOARD_DIST: distDir(ports.app),
    ...simulatorEnv({ port: ports.demoSim, appPort: ports.demoApp }),
    // Real speed, as a newcomer sees it: calls stay in flight for seconds (the live board's specs need that).
    VOICE_SIM_SPEED: '1',
    // Enough history for caller-ID health's windows of 50 calls (caller-id-health.spec.ts): npm start seeds 3,000.
    VOICE_SIM_SEED_CALLS: '600',
    VOICE_SIM_STORAGE_URL: `${origin(ports.demoApp)}/storage`,
  }
}
