// Paths as an attacker types them, on a real socket (fetch would tidy them first).
// Only the spec's operations reach the upstream, and only as the path that was authorised.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords'
import { PASSWORD } from '../test-support/console-app'
import { rawRequest, startTestServer, type TestServer } from '../test-support/running-console'
import { type StandIn, startStandIn } from '../test-support/stand-in-upstream'

let upstream: StandIn
let server: TestServer
let cookie: string
let headers: Record<string, string>

beforeAll(async () => {
  upstream = await startStandIn(new Hono().all('*', (c) => c.json({ reached: c.req.path })))
  server = await startTestServer({ VOICE_API_BASE_URL: upstream.url, VOICE_API_KEY: 'sim_demo_key_acme' })
  const passwordHash = await hashPassword(PASSWORD)
  await server.store.users.add({ email: 'ana@example.com', role: 'admin', passwordHash, now: Date.now() })
  const host = `localhost:${server.port}`
  const signIn = await rawRequest(server.port, '/api/console/sign-in', {
    method: 'POST',
    headers: {
      host,
      origin: `http://${host}`,
      'sec-fetch-site': 'same-origin',
      'x-voice-console': '1',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email: 'ana@example.com', password: PASSWORD }),
  })
  expect(signIn.status).toBe(200)
  cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0] ?? ''
  headers = { host, cookie }
})
afterAll(async () => {
  await server?.close()
  await upstream?.close()
})

// null: answered here and never forwarded. A string: the one path the upstream may see.
const CASES: [string, string | null][] = [
  ['/api/v1/voice/..;/account', null],
  ['/api/v1/voice/calls/..;/account', null],
  ['/api/v1/voice/calls/x/..;/..;/account', null],
  ['/api/v1/voice/calls/call_1;x=1/status', null],
  ['/api/v1/voice/calls/%252e%252e/account', null],
  ['/api/v1/voice/calls/call_1%2f..%2f..%2faccount', null],
  ['/api/v1/voice/calls/call_1%2F..%2F..%2Fusage', null],
  ['/api/v1/voice//account', null],
  // A trailing slash is another path, not the operation.
  ['/api/v1/voice/account/', null],
  ['/api/v1/voice/calls/%00/status', null],
  ['/storage/recordings/..%2f..%2fapi%2fv1%2fvoice%2faccount.wav', null],
  ['/storage/recordings/call_1.wav/..%2faccount', null],
  ['/api/v1/voiceover/account', null],
  // Dot segments are resolved before matching, so what is authorised is what is sent.
  ['/api/v1/voice/calls/x/../../account', '/api/v1/voice/account'],
  ['/api/v1/voice/calls/%2e%2e/account', '/api/v1/voice/account'],
  ['/api/v1/voice/calls/call_1/status/..', null],
  ['/api/v1/voice/calls/call_1/status/../recordings', '/api/v1/voice/calls/call_1/recordings'],
  ['/storage/x/../recordings/call_1.wav?expires=1&signature=s', '/storage/recordings/call_1.wav?expires=1&signature=s'],
]

describe('paths an attacker types', () => {
  for (const [path, forwardedAs] of CASES) {
    it(`${path} is ${forwardedAs ? `forwarded only as ${forwardedAs}` : 'answered here and never forwarded'}`, async () => {
      const before = upstream.seen.length
      const res = await rawRequest(server.port, path, { headers })
      const reached = upstream.seen.slice(before).map((request) => request.rawPath)
      if (forwardedAs === null) {
        expect(res.status, res.body).toBeGreaterThanOrEqual(400)
        expect(res.status, res.body).toBeLessThan(500)
        expect(reached).toEqual([])
      } else {
        expect(res.status, res.body).toBe(200)
        expect(reached).toEqual([forwardedAs])
      }
    })
  }

  it('never lets a raw path through unchanged: nothing the upstream saw has `..`, `;` or `%`', () => {
    expect(upstream.seen.length).toBeGreaterThan(0)
    for (const { rawPath } of upstream.seen) expect(rawPath.split('?')[0]).toMatch(/^[A-Za-z0-9_/.-]+$/)
    for (const { rawPath } of upstream.seen) expect(rawPath).not.toMatch(/\/\.\.?(\/|$)/)
  })
})
