import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestConsole, type TestConsole } from '../test-support/console-app'

let t: TestConsole
let cookie: string

beforeAll(async () => {
  t = await createTestConsole()
  await t.addUser('ana@example.com', 'support')
  cookie = await t.signIn('ana@example.com')
})
afterAll(() => t.store.close())

describe('Cache-Control', () => {
  const NO_STORE: [string, string, RequestInit & { cookie?: string; json?: unknown }][] = [
    ['the session', '/api/console/session', {}],
    ['the setup', '/api/console/setup', {}],
    ['a failed sign-in', '/api/console/sign-in', { json: { email: 'ana@example.com', password: 'wrong password' } }],
    ['a 401', '/api/v1/voice/account', {}],
    ['a 502 of the proxy', '/api/v1/voice/account', {}],
    ['a 403', '/api/v1/voice/usage', {}],
    ['a 404 under /api', '/api/v2/nothing', {}],
    ['the upstream status', '/api/console/upstream', {}],
    ['the saved views', '/api/console/views', {}],
    ['who placed calls', '/api/console/placed-by?call_id=call_1', {}],
    ['a 403 of the role', '/api/console/users', {}],
    ['a 400 of a body', '/api/console/preferences', { method: 'PUT', json: { timeZone: 'Mars' } }],
    ['a client-side route of the SPA', '/calls/call_123', {}],
  ]
  for (const [name, path, init] of NO_STORE) {
    it(`is no-store on ${name}`, async () => {
      const signedIn = name === 'a 401' ? {} : { cookie }
      const res = await t.request(path, { ...signedIn, ...init })
      expect(res.headers.get('cache-control'), `${res.status}`).toBe('no-store')
    })
  }

  it('is no-store on a successful sign-in, which sets the cookie', async () => {
    const res = await t.request('/api/console/sign-in', {
      json: { email: 'ana@example.com', password: 'correct horse battery' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('under plain http', () => {
  it('sends no HSTS and a cookie without Secure or the __Host- prefix', async () => {
    const res = await t.request('/api/console/sign-in', {
      json: { email: 'ana@example.com', password: 'correct horse battery' },
    })
    expect(res.headers.get('strict-transport-security')).toBeNull()
    const [line] = res.headers.getSetCookie()
    expect(line).toMatch(/^vd_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/)
  })
})

describe('under an https public URL', () => {
  it('sends HSTS, and a __Host- cookie that is Secure, HttpOnly, Path=/ and has no Domain', async () => {
    const https = await createTestConsole({
      publicUrl: new URL('https://console.example.com'),
      allowLoopbackHosts: false,
    })
    await https.addUser('ana@example.com', 'support')
    const res = await https.request('/api/console/sign-in', {
      json: { email: 'ana@example.com', password: 'correct horse battery' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    const [line] = res.headers.getSetCookie()
    expect(line).toMatch(/^__Host-vd_session=[A-Za-z0-9_-]{43}; /)
    expect(line).toMatch(/; Secure/)
    expect(line).toMatch(/; HttpOnly/)
    expect(line).toMatch(/; Path=\/(;|$)/)
    expect(line).not.toMatch(/Domain=/i)
    const device = res.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-vd_device='))
    expect(device).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict$/)
    // The __Host- cookie is the one it reads back.
    const session = await https.request('/api/console/session', { cookie: line?.split(';')[0] })
    expect(await session.json()).toMatchObject({ user: { email: 'ana@example.com' } })
    expect((await https.request('/calls')).headers.get('strict-transport-security')).toBeTruthy()
    await https.store.close()
  })
})
