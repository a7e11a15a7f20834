// The console app over an in-memory store, and what a browser does with it: sign in,
// keep the cookie, send the CSRF header. Requests go through app.request() (no socket).
import type { Role } from '../../../src/api/contract/console-schemas'
import { type ConsoleAppOptions, createConsole } from '../app'
import { createLogger } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { fixturePasswordHash } from './fixture-password'
import { makeDist } from './stand-in-dist'
import { openTestStore } from './test-store'

export const PUBLIC_ORIGIN = 'http://localhost:4173'
export const PASSWORD = 'correct horse battery'

/** A clock the test moves by hand. */
export function fakeClock(start = Date.parse('2026-11-15T12:00:00Z')) {
  let current = start
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms
    },
  }
}

export type TestConsole = Awaited<ReturnType<typeof createTestConsole>>

export async function createTestConsole(overrides: Partial<ConsoleAppOptions> = {}) {
  const store: ConsoleStore = overrides.store ?? (await openTestStore())
  const lines: string[] = []
  const { app, fastReads } = createConsole({
    store,
    logger: createLogger('json', (line) => {
      lines.push(line)
      return true
    }),
    publicUrl: new URL(PUBLIC_ORIGIN),
    allowLoopbackHosts: true,
    session: { idleMs: 60 * 60_000, absoluteMs: 12 * 60 * 60_000 },
    userRateLimitPerMinute: 10_000,
    queryRateLimitPerMinute: 10_000,
    // Nothing listens here: a test that needs an upstream passes one.
    upstream: 'http://127.0.0.1:9',
    apiKey: 'sim_demo_key_acme',
    // Made only when not given: a bench passes one in a folder it removes.
    distDir: overrides.distDir ?? makeDist(),
    ...overrides,
  })
  const origin = overrides.publicUrl?.origin ?? PUBLIC_ORIGIN

  /** A request as the console's own page sends it: same-origin, with the CSRF header on writes. */
  const request = (path: string, init: RequestInit & { cookie?: string; json?: unknown; from?: string } = {}) => {
    const { cookie, json, from, ...rest } = init
    const headers = new Headers(rest.headers)
    if (!headers.has('host')) headers.set('host', new URL(origin).host)
    const method = rest.method ?? (json === undefined ? 'GET' : 'POST')
    if (method !== 'GET' && method !== 'HEAD') {
      if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin')
      if (!headers.has('origin')) headers.set('origin', origin)
      if (!headers.has('x-voice-console')) headers.set('x-voice-console', '1')
    }
    if (cookie) headers.set('cookie', cookie)
    if (json !== undefined) headers.set('content-type', 'application/json')
    return app.request(
      `${origin}${path}`,
      {
        ...rest,
        method,
        headers,
        body: json === undefined ? rest.body : JSON.stringify(json),
      },
      // What @hono/node-server hands the app: the socket's peer, as getConnInfo reads it.
      from ? { incoming: { socket: { remoteAddress: from } } } : undefined,
    )
  }

  const addUser = async (email: string, role: Role, password = PASSWORD) =>
    store.users.add({ email, role, passwordHash: await fixturePasswordHash(password), now: Date.now() })

  /** Signs in and returns the `name=value` of the session cookie. */
  const signIn = async (email: string, password = PASSWORD, cookie?: string) => {
    const res = await request('/api/console/sign-in', { json: { email, password }, cookie })
    if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`)
    return sessionCookieOf(res)
  }

  return { app, fastReads, store, lines, request, addUser, signIn }
}

/** The `name=value` part of the Set-Cookie that carries the session. */
export function sessionCookieOf(res: Response): string {
  const header = res.headers.getSetCookie().find((line) => /vd_session=/.test(line))
  if (!header) throw new Error('no session cookie was set')
  return header.split(';')[0] ?? ''
}

/** The Set-Cookie header that clears the session, if the answer sent one. */
export function clearedCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((line) => /vd_session=;/.test(line) && /Max-Age=0/i.test(line))
}

export async function expectProblem(
  res: Response,
  status: number,
): Promise<{ title: string; detail: string; instance?: string; errors?: { field: string; message: string }[] }> {
  const body = await res.text()
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${body}`)
  const type = res.headers.get('content-type')
  if (type !== 'application/problem+json') throw new Error(`expected problem+json, got ${type}: ${body}`)
  return JSON.parse(body)
}
