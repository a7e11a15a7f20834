// CONSOLE_TRUSTED_PROXIES on a real socket: the address the audit trail and the throttle see.
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test-support/running-console'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const failedSignIn = (from: TestServer, forwardedFor: string) =>
  fetch(`${from.url}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-voice-console': '1', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
  })

const auditedAddress = async (from: TestServer) => (await from.store.audit.page({ action: 'sign-in.failed' }, 1))[0]?.ip

describe('the client address over a real socket', () => {
  it('is the forwarded address when the proxy on loopback is trusted', async () => {
    server = await startTestServer({ CONSOLE_TRUSTED_PROXIES: '127.0.0.1, ::1' })
    expect((await failedSignIn(server, '6.6.6.6, 203.0.113.7')).status).toBe(401)
    expect(await auditedAddress(server)).toBe('203.0.113.7')
  })

  it('is the socket address, whatever X-Forwarded-For says, when no proxy is trusted', async () => {
    server = await startTestServer()
    expect((await failedSignIn(server, '203.0.113.7')).status).toBe(401)
    expect(await auditedAddress(server)).toBe('127.0.0.1')
  })
})
