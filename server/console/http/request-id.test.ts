// A request's id, on a real socket: in its X-Request-Id header, its problem's `instance` and its log line (with the
// client's address and the instance), on the app's path and the fast path for voice API reads alike; a proxy's own
// id kept only when the proxy is trusted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole } from '../test-support/console-app'
import { rawRequest, signInOnSocket, startTestServer, type TestServer } from '../test-support/running-console'
import { parseTrustedProxies } from './trusted-proxies'

let server: TestServer
let read: { host: string; cookie: string }

beforeAll(async () => {
  // Nothing listens at port 9: a voice API read is a 502 problem. 127.0.0.1 (the test's own socket) is the proxy.
  server = await startTestServer({
    VOICE_API_BASE_URL: 'http://127.0.0.1:9',
    VOICE_API_KEY: 'sim_demo_key_acme',
    CONSOLE_TRUSTED_PROXIES: '127.0.0.1',
  })
  ;({ read } = await signInOnSocket(server, 'ana@example.com', 'admin'))
})
afterAll(() => server?.close())

const lineOf = (requestId: string) =>
  server.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.requestId === requestId)

describe('a request id', () => {
  it('goes out in X-Request-Id, as the problem’s instance, and in the log line with the client and instance', async () => {
    const res = await rawRequest(server.port, '/api/console/users', { headers: { host: read.host } })
    expect(res.status).toBe(401)
    const id = String(res.headers['x-request-id'])
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.parse(res.body)).toMatchObject({ status: 401, instance: `urn:request:${id}` })
    expect(lineOf(id)).toMatchObject({
      msg: 'request',
      client: '127.0.0.1',
      instance: expect.stringContaining(`:${process.pid}:`),
      status: 401,
    })
  })

  it('is made anew for each request, and is on a success too', async () => {
    const first = await rawRequest(server.port, '/api/console/session', { headers: read })
    const second = await rawRequest(server.port, '/api/console/session', { headers: read })
    expect(first.status).toBe(200)
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id'])
  })

  it('is the trusted proxy’s own, with the address it forwarded, on the fast path for voice API reads too', async () => {
    const res = await rawRequest(server.port, '/api/v1/voice/calls/call_1/status', {
      headers: { ...read, 'x-request-id': 'a3f5c0de9b1e4f00a3f5c0de9b1e4f00', 'x-forwarded-for': '198.51.100.7' },
    })
    expect(res.status).toBe(502)
    expect(res.headers['x-request-id']).toBe('a3f5c0de9b1e4f00a3f5c0de9b1e4f00')
    expect(JSON.parse(res.body).instance).toBe('urn:request:a3f5c0de9b1e4f00a3f5c0de9b1e4f00')
    expect(lineOf('a3f5c0de9b1e4f00a3f5c0de9b1e4f00')).toMatchObject({
      route: '/api/v1/voice/calls/{call_id}/status',
      client: '198.51.100.7',
      user: expect.stringMatching(/^usr_/),
    })
  })

  it('is made here when the trusted proxy’s is not a plain token (it would go into a log line)', async () => {
    const res = await rawRequest(server.port, '/api/console/session', {
      headers: { ...read, 'x-request-id': 'x"}\u0009{"level":"error' },
    })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('an X-Request-Id from a client that is not a trusted proxy', () => {
  it('is ignored: the console makes its own', async () => {
    const t = await createTestConsole({
      network: { trustedProxies: parseTrustedProxies('10.0.0.5'), forwardedHeader: 'x-forwarded-for' },
    })
    const sent = { headers: { 'x-request-id': 'chosen-by-the-client' } }
    const fromClient = await t.request('/api/console/users', { ...sent, from: '198.51.100.7' })
    expect(fromClient.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect((await fromClient.json()).instance).toBe(`urn:request:${fromClient.headers.get('x-request-id')}`)
    const fromProxy = await t.request('/api/console/users', { ...sent, from: '10.0.0.5' })
    expect(fromProxy.headers.get('x-request-id')).toBe('chosen-by-the-client')
    await t.store.close()
  })
})
