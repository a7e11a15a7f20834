import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clearedCookie,
  createTestConsole,
  expectProblem,
  fakeClock,
  type TestConsole,
} from '../test-support/console-app'

let t: TestConsole
const clock = fakeClock()

beforeAll(async () => {
  t = await createTestConsole({ now: clock.now, session: { idleMs: 60_000, absoluteMs: 3_600_000 } })
  await t.addUser('ana@example.com', 'admin')
})
afterAll(() => t.store.close())

const PATHS = [
  '/api/v1/voice/calls',
  '/api/v1/voice/account',
  '/api/v1/voice/calls/call_abc/status',
  '/api/v1/voice/no-such-operation',
  '/storage/recordings/call_abc.wav?expires=9999999999&signature=abc',
  '/api/console/upstream',
]

describe('without a session', () => {
  for (const path of PATHS) {
    it(`answers GET ${path.split('?')[0]} with 401 problem+json`, async () => {
      const body = await expectProblem(await t.request(path), 401)
      expect(body.title).toBe('Sign-in required')
    })
  }

  it('answers a POST with 401 too, even with the CSRF header', async () => {
    await expectProblem(await t.request('/api/v1/voice/calls', { json: { destination: '+15005550006' } }), 401)
  })

  it('clears a cookie that names no session', async () => {
    const res = await t.request('/api/v1/voice/account', { cookie: 'vd_session=made-up-value' })
    await expectProblem(res, 401)
    expect(clearedCookie(res)).toMatch(/HttpOnly/)
  })

  it('clears the cookie of a session that has expired', async () => {
    const cookie = await t.signIn('ana@example.com')
    clock.advance(60_000)
    const res = await t.request('/storage/recordings/call_abc.wav', { cookie })
    await expectProblem(res, 401)
    expect(clearedCookie(res)).toBeDefined()
  })

  it('says "nobody" on GET /api/console/session with 200, not an error', async () => {
    const res = await t.request('/api/console/session')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ user: null, permissions: [] })
  })
})
