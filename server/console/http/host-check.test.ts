// Only the console's own names are served, so a DNS-rebinding page cannot use a console on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { rawRequest, startTestServer, type TestServer } from '../test-support/running-console'

let t: TestConsole
let server: TestServer

beforeAll(async () => {
  t = await createTestConsole()
  server = await startTestServer()
})
afterAll(async () => {
  await t?.store.close()
  await server?.close()
})

describe('the Host header', () => {
  it('serves the public host and the loopback names on its port', async () => {
    for (const host of ['localhost:4173', '127.0.0.1:4173', '[::1]:4173', 'LOCALHOST:4173']) {
      const res = await t.app.request(`http://${host}/api/console/session`, { headers: { host } })
      expect(res.status, host).toBe(200)
    }
  })

  it('answers any other host with 421 problem+json', async () => {
    for (const host of ['evil.example', 'evil.example:4173', 'localhost:4174', 'localhost', '127.0.0.2:4173']) {
      const res = await t.app.request(`http://${host}/api/console/session`, { headers: { host } })
      await expectProblem(res, 421)
    }
  })

  it('serves only the public host when one is configured', async () => {
    const https = await createTestConsole({
      publicUrl: new URL('https://console.example.com'),
      allowLoopbackHosts: false,
    })
    const ok = await https.request('/api/console/session')
    expect(ok.status).toBe(200)
    const res = await https.app.request('https://localhost/api/console/session', { headers: { host: 'localhost' } })
    await expectProblem(res, 421)
    await https.store.close()
  })

  it('answers a rebinding page on a real socket with 421, and names no host in the answer', async () => {
    const res = await rawRequest(server.port, '/api/console/setup', {
      headers: { host: `evil.example:${server.port}` },
    })
    expect(res.status).toBe(421)
    expect(res.headers['content-type']).toBe('application/problem+json')
    expect(res.body).not.toContain('evil.example')
  })

  it('refuses an absolute-form target that names another host, whatever the Host header says', async () => {
    const host = `localhost:${server.port}`
    const res = await rawRequest(server.port, 'http://evil.example/api/v1/voice/account', { headers: { host } })
    expect(res.status).toBe(421)
    const own = await rawRequest(server.port, `http://${host}/api/console/setup`, { headers: { host } })
    expect(own.status).toBe(200)
  })
})
