// The request log: one JSON line per request, saying who did what and how it went, and never a secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, PASSWORD, type TestConsole } from '../test-support/console-app'

let t: TestConsole
let cookie: string

beforeAll(async () => {
  t = await createTestConsole()
  await t.addUser('ana@example.com', 'admin')
  cookie = await t.signIn('ana@example.com')
  await t.request('/api/v1/voice/calls/call_abc123/status', { cookie })
  await t.request('/storage/recordings/call_abc123.wav?expires=99&signature=topsecretsig', { cookie })
  await t.request('/api/v1/voice/calls', { cookie, json: { destination: '+15005550006' } })
  await t.request('/api/v1/voice/account')
  await t.request('/api/console/sign-in', { json: { email: 'ana@example.com', password: 'a wrong password' } })
})
afterAll(() => t.store.close())

type Line = Record<string, unknown>
const parsed = () => t.lines.map((line) => JSON.parse(line) as Line)
const requests = () => parsed().filter((line) => line.msg === 'request')

describe('the request log', () => {
  it('writes one JSON line per request with time, request id, client, user, method, route pattern, status and ms', async () => {
    const user = await t.store.users.byEmail('ana@example.com')
    const status = requests().find((line) => line.route === '/api/v1/voice/calls/{call_id}/status')
    expect(status).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: 'info',
      msg: 'request',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client: 'unknown',
      user: user?.id,
      method: 'GET',
      route: '/api/v1/voice/calls/{call_id}/status',
      status: 502,
      ms: expect.any(Number),
    })
  })

  it('names the route pattern, not the path with its ids and signature', () => {
    const routes = requests().map((line) => `${line.method} ${line.route} ${line.status}`)
    expect(routes).toEqual([
      'POST /api/console/sign-in 200',
      'GET /api/v1/voice/calls/{call_id}/status 502',
      'GET /storage/recordings/{call_id}.wav 502',
      'POST /api/v1/voice/calls 502',
      'GET unmatched 401',
      'POST /api/console/sign-in 401',
    ])
  })

  it('logs the signed-in person on their requests, and nobody on anonymous ones', () => {
    const users = requests().map((line) => line.user)
    expect(users.slice(0, 4).every((user) => typeof user === 'string' && user.startsWith('usr_'))).toBe(true)
    expect(users.slice(4)).toEqual([null, null])
  })

  it('holds no cookie, session id or its hash, API key, password, email or signature', async () => {
    const token = cookie.split('=')[1] ?? ''
    const [session] = await t.store.db.selectFrom('sessions').select('id_hash').execute()
    const all = t.lines.join('\n')
    for (const secret of [
      token,
      session?.id_hash ?? 'missing',
      'sim_demo_key_acme',
      PASSWORD,
      'a wrong password',
      'topsecretsig',
      'vd_session',
      'ana@example.com',
      'call_abc123',
    ]) {
      expect(all).not.toContain(secret)
    }
  })
})
