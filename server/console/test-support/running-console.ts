// The console on a real socket, for what app.request() cannot show: the Host header as
// sent, absolute-form targets, raw paths, the client's address.
import { request as httpRequest } from 'node:http'
import type { Role } from '../../../src/api/contract/console-schemas'
import { loadConsoleConfig } from '../config'
import { createLogger } from '../http/request-log'
import { type RunningConsole, startConsole } from '../server'
import { PASSWORD } from './console-app'
import { fixturePasswordHash } from './fixture-password'
import { freePort } from './free-port'
import { makeDist } from './stand-in-dist'
import { onPostgres, testStoreLocation } from './test-store'

export interface TestServer extends RunningConsole {
  /** Every log line, as written. */
  lines: string[]
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort()
  const config = loadConsoleConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    CONSOLE_DB: ':memory:',
    // PostgreSQL's project: a database of its own (a test that names its own CONSOLE_DB keeps SQLite).
    ...(onPostgres() && !env.CONSOLE_DB ? { CONSOLE_DATABASE_URL: await testStoreLocation() } : {}),
    DASHBOARD_DIST: makeDist(),
    // Calls at any hour unless a test chooses a window: none may depend on the time of day it runs.
    CONSOLE_CALLING_HOURS: '00:00-24:00',
    // A test's fetch may reuse a connection as the console closes it after 5 s idle ("other side closed"): a minute.
    CONSOLE_KEEP_ALIVE_TIMEOUT_MS: '60000',
    ...env,
  })
  const lines: string[] = []
  const logger = createLogger('json', (line) => {
    lines.push(line)
    return true
  })
  const running = await startConsole(config, { logger })
  return { ...running, lines }
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request with the target and headers exactly as given: no URL parsing on the way out. */
export function rawRequest(
  port: number,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: target, headers: options.headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/**
 * Adds a person of `role` and signs them in on the server's socket: the headers a page of theirs sends (its Host,
 * the session cookie), and for a write the same-origin and CSRF headers too.
 */
export async function signInOnSocket(server: TestServer, email: string, role: Role) {
  const passwordHash = await fixturePasswordHash(PASSWORD)
  await server.store.users.add({ email, role, passwordHash, now: Date.now() })
  const host = `localhost:${server.port}`
  const write = { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin', 'x-voice-console': '1' }
  const signIn = await rawRequest(server.port, '/api/console/sign-in', {
    method: 'POST',
    headers: { ...write, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (signIn.status !== 200) throw new Error(`sign-in of ${email} answered ${signIn.status}: ${signIn.body}`)
  const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0] ?? ''
  return { read: { host, cookie }, write: { ...write, cookie } }
}
