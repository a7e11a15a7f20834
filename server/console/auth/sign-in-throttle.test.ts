import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestConsole, expectProblem, fakeClock, PASSWORD, type TestConsole } from '../test-support/console-app'
import { DEFAULT_THROTTLE } from './sign-in-throttle'

let clock: ReturnType<typeof fakeClock>
let t: TestConsole

beforeEach(async () => {
  clock = fakeClock()
  t = await createTestConsole({ now: clock.now })
  await t.addUser('ana@example.com', 'support')
})
afterEach(() => t.store.close())

const attempt = (email: string, password: string) => t.request('/api/console/sign-in', { json: { email, password } })

describe('the sign-in throttle', () => {
  it('answers a wrong password with one generic 401', async () => {
    const wrong = await expectProblem(await attempt('ana@example.com', 'not the password'), 401)
    const unknown = await expectProblem(await attempt('nobody@example.com', 'not the password'), 401)
    expect(wrong).toEqual(unknown)
  })

  it('locks an account after 5 failures with 429, Retry-After and a message that says when', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('ana@example.com', 'wrong password')).status).toBe(401)
    const locked = await attempt('ana@example.com', 'wrong password')
    expect(locked.headers.get('retry-after')).toBe(String(DEFAULT_THROTTLE.lockMs / 1000))
    const body = (await expectProblem(locked, 429)) as { detail: string; retry_at?: string }
    expect(body.detail).toMatch(/Try again in 15 minutes/)
    expect(body.retry_at).toBe(new Date(clock.now() + DEFAULT_THROTTLE.lockMs).toISOString())
  })

  it('refuses even the correct password while the account is locked, and accepts it after the lock', async () => {
    for (let i = 0; i < 5; i++) await attempt('ana@example.com', 'wrong password')
    clock.advance(DEFAULT_THROTTLE.lockMs - 60_000)
    const during = await attempt('ana@example.com', PASSWORD)
    await expectProblem(during, 429)
    expect(during.headers.get('retry-after')).toBe('60')
    expect(during.headers.getSetCookie()).toEqual([])
    // The email is matched as the account is: case and spaces do not dodge the lock.
    await expectProblem(await attempt('  ANA@example.com ', PASSWORD), 429)
    clock.advance(60_000)
    expect((await attempt('ana@example.com', PASSWORD)).status).toBe(200)
  })

  it('clears the count of an account on a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await attempt('ana@example.com', 'wrong password')
    expect((await attempt('ana@example.com', PASSWORD)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await attempt('ana@example.com', 'wrong password')).status).toBe(401)
    expect((await attempt('ana@example.com', PASSWORD)).status).toBe(200)
  })

  it('starts a new count when the window has passed', async () => {
    for (let i = 0; i < 4; i++) await attempt('ana@example.com', 'wrong password')
    clock.advance(DEFAULT_THROTTLE.windowMs)
    for (let i = 0; i < 4; i++) expect((await attempt('ana@example.com', 'wrong password')).status).toBe(401)
    expect((await attempt('ana@example.com', PASSWORD)).status).toBe(200)
  })

  it('locks an address after 20 failures spread over different accounts', async () => {
    for (let i = 0; i < 19; i++) {
      expect((await attempt(`guess${i}@example.com`, 'wrong password')).status).toBe(401)
    }
    await expectProblem(await attempt('guess19@example.com', 'wrong password'), 429)
    // Every account from that address waits, including one with no failures of its own.
    await expectProblem(await attempt('ana@example.com', PASSWORD), 429)
    clock.advance(DEFAULT_THROTTLE.lockMs)
    expect((await attempt('ana@example.com', PASSWORD)).status).toBe(200)
  })
})
