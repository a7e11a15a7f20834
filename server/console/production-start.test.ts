// The production start (startConsole, as `npm run serve` runs it) on a real socket in front of the
// real simulator: no demo users, and no secret in any answer or log line.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from './auth/passwords'
import { describeStore } from './start-report'
import { consoleProcess } from './test-support/console-process'
import { freePort } from './test-support/free-port'
import { type RawResponse, rawRequest, startTestServer, type TestServer } from './test-support/running-console'
import { type SimulatorProcess, startSimulatorProcess } from './test-support/simulator-process'
import { makeDist } from './test-support/stand-in-dist'
import { onPostgres } from './test-support/test-store'
import { findSamples } from './test-support/voice-samples'

// A key someone configured, unlike the public demo keys: it must never leave the server.
const SECRET_KEY = 'prod_key_7f3a9c2e51d84b06a1e9'
const PASSWORD = 'a long admin passphrase'

let sim: SimulatorProcess
let server: TestServer
const answers: RawResponse[] = []

beforeAll(async () => {
  sim = await startSimulatorProcess({ VOICE_SIM_ACME_KEY: SECRET_KEY })
  server = await startTestServer({ VOICE_API_BASE_URL: sim.url, VOICE_API_KEY: SECRET_KEY })
})
afterAll(async () => {
  await server?.close()
  await sim?.stop()
})

const send = async (path: string, init: { method?: string; cookie?: string; json?: unknown } = {}) => {
  const host = `localhost:${server.port}`
  const headers: Record<string, string> = { host }
  if (init.cookie) headers.cookie = init.cookie
  if (init.json !== undefined || init.method === 'POST') {
    Object.assign(headers, {
      origin: `http://${host}`,
      'sec-fetch-site': 'same-origin',
      'x-voice-console': '1',
      'content-type': 'application/json',
    })
  }
  const res = await rawRequest(server.port, path, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  answers.push(res)
  return res
}

describe('the production start', () => {
  it('creates no demo users and offers none on the sign-in page', async () => {
    const res = await send('/api/console/setup')
    expect(JSON.parse(res.body)).toEqual({ hasUsers: false, demoUsers: [], localSignIn: true, sso: null })
    expect(await server.store.users.count()).toBe(0)
    const demo = await send('/api/console/sign-in', { json: { email: 'admin@demo.test', password: 'demo-password' } })
    expect(demo.status).toBe(401)
  })

  it('leaks no API key, password, password hash or session id in any answer or log line', async () => {
    await server.store.users.add({
      email: 'root@example.com',
      role: 'admin',
      passwordHash: await hashPassword(PASSWORD),
      now: Date.now(),
    })
    const signIn = await send('/api/console/sign-in', { json: { email: 'root@example.com', password: PASSWORD } })
    expect(signIn.status).toBe(200)
    const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0] ?? ''
    const token = cookie.split('=')[1] ?? ''
    expect(token).toHaveLength(43)

    const { callId, callerId, recordingPath } = await findSamples(sim)
    const upstream = await send('/api/console/upstream', { cookie })
    expect(JSON.parse(upstream.body)).toMatchObject({ state: 'connected', clientId: expect.stringMatching(/^cli_/) })
    expect((await send('/api/console/session', { cookie })).status).toBe(200)
    expect((await send('/api/v1/voice/account', { cookie })).status).toBe(200)
    expect((await send(`/api/v1/voice/calls/${callId}`, { cookie })).status).toBe(200)
    expect((await send(`/api/v1/voice/calls/${callId}/recordings`, { cookie })).status).toBe(200)
    expect((await send(recordingPath, { cookie })).status).toBe(200)
    const placed = await send('/api/v1/voice/calls', {
      cookie,
      json: { caller_id: callerId, destination: '+15005550006' },
    })
    expect(placed.status).toBe(201)
    expect((await send('/api/v1/voice/calls', { cookie, json: { caller_id: 'nonsense' } })).status).toBe(400)
    expect((await send('/api/v1/voice/nothing', { cookie })).status).toBe(404)
    expect((await send('/api/v1/voice/account')).status).toBe(401)
    expect(
      (await send('/api/console/sign-in', { json: { email: 'root@example.com', password: 'wrong' } })).status,
    ).toBe(401)
    expect((await send('/api/console/sign-out', { method: 'POST', cookie })).status).toBe(204)

    const user = await server.store.users.byEmail('root@example.com')
    const secrets = [SECRET_KEY, PASSWORD, user?.password_hash ?? 'missing', token]
    const bodies = answers.map((res) => res.body).join('\n')
    // Set-Cookie carries the token by design; every other header may not.
    const headers = answers
      .flatMap((res) => Object.entries(res.headers).filter(([name]) => name !== 'set-cookie'))
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n')
    const log = server.lines.join('\n')
    expect(log).toContain('"route":"/api/v1/voice/calls/{call_id}/recordings"')
    for (const secret of secrets) {
      expect(bodies).not.toContain(secret)
      expect(headers).not.toContain(secret)
      expect(log).not.toContain(secret)
    }
    expect(log).not.toContain('signature=')
  })
})

describe('a production start without an API key', () => {
  it('starts, tells an admin what is missing, and forwards nothing keyless', async () => {
    const keyless = await startTestServer({ VOICE_API_BASE_URL: sim.url })
    try {
      await keyless.store.users.add({
        email: 'root@example.com',
        role: 'admin',
        passwordHash: await hashPassword(PASSWORD),
        now: Date.now(),
      })
      const host = `localhost:${keyless.port}`
      const signIn = await rawRequest(keyless.port, '/api/console/sign-in', {
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          'x-voice-console': '1',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email: 'root@example.com', password: PASSWORD }),
      })
      const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0] ?? ''
      const status = await rawRequest(keyless.port, '/api/console/upstream', { headers: { host, cookie } })
      expect(JSON.parse(status.body)).toMatchObject({
        state: 'no-key',
        message: expect.stringMatching(/VOICE_API_KEY/),
      })
      const account = await rawRequest(keyless.port, '/api/v1/voice/account', { headers: { host, cookie } })
      expect(account.status).toBe(503)
      expect(account.headers['content-type']).toBe('application/problem+json')
    } finally {
      await keyless.close()
    }
  })
})

/** The environment of an operator's shell: none of the console's own settings but those given. */
const shellEnv = (settings: Record<string, string>): Record<string, string> => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(CONSOLE_|VOICE_)/.test(entry[0]),
    ),
  ),
  ...settings,
})

describe.skipIf(onPostgres())('the production start as a process (server/console/index.ts)', () => {
  it('refuses to start without a database named, saying what to set and which setting was misspelt', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/console/index.ts'], {
      env: shellEnv({ CONSOLE_DATABSE_URL: 'postgres://console@db.internal/console', VOICE_API_BASE_URL: sim.url }),
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(started.status, started.stdout).toBe(1)
    expect(started.stderr).toContain(
      'Warning: CONSOLE_DATABSE_URL is not a console setting, and is ignored; did you mean CONSOLE_DATABASE_URL?',
    )
    expect(started.stderr).toContain('set CONSOLE_DB to a SQLite file outside the checkout')
    expect(started.stderr).not.toMatch(/\n\s+at /)
  }, 60_000)

  it('names its store, its address, the voice API and its release in its start line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'production-start-'))
    const port = await freePort()
    const instance = consoleProcess({
      port,
      env: shellEnv({
        CONSOLE_DB: join(dir, 'console.sqlite'),
        DASHBOARD_DIST: makeDist(),
        VOICE_API_BASE_URL: `${sim.url}/`,
        VOICE_API_KEY: SECRET_KEY,
        CONSOLE_LOG: 'off',
      }),
      logFile: join(dir, 'console.log'),
    })
    try {
      await instance.start()
    } finally {
      await instance.stop()
    }
    const { version } = JSON.parse(readFileSync('package.json', 'utf8'))
    // A JSON line like every other (the start line's words are its msg).
    const messages = readFileSync(join(dir, 'console.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg)
    expect(messages).toContain(
      `Voice Dashboard console ${version} on http://localhost:${port} (listening on http://127.0.0.1:${port}); store: SQLite file ${join(dir, 'console.sqlite')}; voice API: ${sim.url}`,
    )
  }, 90_000)

  it('names a PostgreSQL store by host and database, never its password', () => {
    expect(describeStore('postgres://console:s3cret%21@db.internal:5433/voice_console?sslmode=require')).toBe(
      'PostgreSQL database voice_console on db.internal:5433',
    )
  })
})
