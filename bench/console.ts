// The console server as the benchmarks meet it, started the way the browser tests start it:
// a fresh database, one person added with the CLI (password on stdin), then the production
// start in front of a simulator. signIn() gives the session cookie the measurements send.

import { setTimeout as sleep } from 'node:timers/promises'
import {
  appEnv,
  DEMO_KEY,
  E2E_PASSWORD,
  type E2eRole,
  e2eUser,
  SERVE_COMMAND,
  serveCommand,
} from '../e2e/support/servers'
import { buildServer } from '../scripts/build-server'
import { CALL_INDEX_PATHS, indexState } from '../src/api/contract/call-index-schemas'
import { CONSOLE_PREFIX, CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/api/contract/console-schemas'
import { type Child, startShellChild } from './child'

/** Admins may use every page the benchmarks open. */
const BENCH_ROLE: E2eRole = 'admin'

export interface ConsoleStart {
  port: number
  simUrl: string
  /** A database in the benchmark's own temporary folder, so it is new and removed afterwards. */
  dbPath: string
  /** Settings over appEnv's, e.g. DASHBOARD_DIST or CONSOLE_USER_RATE_LIMIT. */
  env?: Record<string, string>
}

// The console runs as shipped: the built JavaScript of `npm run build`, built once for the bench's run.
let serverBuilt: Promise<void> | null = null

export async function startConsoleChild({ port, simUrl, dbPath, env = {} }: ConsoleStart): Promise<Child> {
  serverBuilt ??= buildServer()
  await serverBuilt
  const command = serveCommand(port, [BENCH_ROLE])
  if (!command.endsWith(SERVE_COMMAND)) throw new Error(`serveCommand no longer ends with ${SERVE_COMMAND}`)
  const execCommand = `${command.slice(0, -SERVE_COMMAND.length)}exec ${SERVE_COMMAND}`
  return startShellChild(execCommand, {
    ...appEnv({ port, simPort: Number(new URL(simUrl).port), apiKey: DEMO_KEY }),
    CONSOLE_DB: dbPath,
    // Every load-generating connection comes from loopback: the per-address cap would stop the bench at 100.
    CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: '1000',
    ...env,
  })
}

export interface BenchSession {
  name: string
  value: string
  /** `name=value`, for a Cookie request header. */
  cookie: string
}

/** Signs the bench's person in as the sign-in page does, and returns the session cookie it was given. */
export async function signIn(appUrl: string, role: E2eRole = BENCH_ROLE): Promise<BenchSession> {
  const response = await fetch(`${appUrl}${CONSOLE_PREFIX}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ email: e2eUser(role), password: E2E_PASSWORD }),
  })
  if (!response.ok) throw new Error(`Signing in as ${e2eUser(role)}: ${response.status} ${await response.text()}`)
  for (const setCookie of response.headers.getSetCookie()) {
    const [pair = ''] = setCookie.split(';')
    const at = pair.indexOf('=')
    const name = pair.slice(0, at)
    const value = pair.slice(at + 1)
    if (at > 0 && name.endsWith('vd_session') && value) return { name, value, cookie: `${name}=${value}` }
  }
  throw new Error('The sign-in answer set no session cookie')
}

/**
 * Waits until the console's call index has listed every call of the voice API (its backfill has finished), so
 * that what is measured next is the console's proxying, not a backfill beside it: a console does that once in its
 * life. Returns the seconds waited.
 */
export async function indexListed(appUrl: string, session: BenchSession, timeoutMs = 600_000): Promise<number> {
  const started = performance.now()
  for (;;) {
    const response = await fetch(`${appUrl}${CONSOLE_PREFIX}${CALL_INDEX_PATHS.index}`, {
      headers: { cookie: session.cookie },
    })
    if (!response.ok) throw new Error(`Reading the call index's state: ${response.status} ${await response.text()}`)
    const state = indexState.parse(await response.json())
    if (state.listingComplete) return (performance.now() - started) / 1000
    if (performance.now() - started > timeoutMs)
      throw new Error(`The call index had not listed every call after ${timeoutMs / 1000} s: ${state.message ?? ''}`)
    await sleep(500)
  }
}
