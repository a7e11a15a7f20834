// Ports, URLs and commands of the servers the browser tests (and the screenshot
// script) start: a simulator and the built dashboard served by `npm run serve`.
// Ports can be moved with E2E_SIM_PORT / E2E_APP_PORT so parallel runs do not collide.

import { DEMO_KEYS } from '../../server/simulator/demo-keys'

const env = process.env

export const SIM_PORT = Number(env.E2E_SIM_PORT ?? 8790)
export const APP_PORT = Number(env.E2E_APP_PORT ?? 4173)

export const ports = {
  sim: SIM_PORT,
  app: APP_PORT,
  /** The same build served without a server-side key: every request gets 401. */
  noKeyApp: APP_PORT + 1,
  faultSim: SIM_PORT + 10,
  faultApp: APP_PORT + 10,
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
  faultApp: origin(ports.faultApp),
}

export const DEMO_KEY = DEMO_KEYS.acme

/** Each app port builds into its own folder, so parallel runs never share dist/. */
export const distDir = (appPort: number) => `node_modules/.cache/e2e-dist-${appPort}`

/**
 * How long the e2e build awaits a caller-ID verification (VITE_VERIFICATION_TIMEOUT_MS)
 * instead of ten minutes: long enough for the simulator's answer after 5 s
 * (see simulatorEnv), short enough to see the timeout in a test.
 */
export const E2E_VERIFICATION_TIMEOUT_MS = 20_000

export const buildCommand = (appPort: number) =>
  `VITE_VERIFICATION_TIMEOUT_MS=${E2E_VERIFICATION_TIMEOUT_MS} node node_modules/vite/bin/vite.js build --outDir ${distDir(appPort)} --emptyOutDir --logLevel warn`
export const SERVE_COMMAND = 'node --import tsx server/console/serve.ts'
export const SIM_COMMAND = 'node --import tsx server/simulator/index.ts'

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
  /** Undefined: no key on the server, so the dashboard asks for one. */
  apiKey?: string
  distPort?: number
}

export function appEnv({ port, simPort, apiKey, distPort = port }: AppOptions): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    VOICE_API_BASE_URL: origin(simPort),
    VOICE_API_KEY: apiKey ?? '',
    DASHBOARD_DIST: distDir(distPort),
  }
}
