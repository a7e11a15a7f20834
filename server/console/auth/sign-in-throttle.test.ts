import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuditAction } from '../../../src/api/contract/audit-schemas'
import { createTestConsole, expectProblem, fakeClock, PASSWORD, type TestConsole } from '../test-support/console-app'
import { DEFAULT_THROTTLE } from './sign-in-throttle'

let clock: ReturnType<typeof fakeClock>
let t: TestConsole

beforeEach(async () => {
  clock = fakeClock()
  t = await createTestConsole({ now: clock.now })
  await t.addUser('ana@example.com', 'support')
  await t.addUser('ben@example.com', 'admin')
})
afterEach(() => t.store.close())

const attempt = (email: string, password: string, options: { cookie?: string; from?: string } = {}) =>
  t.request('/api/console/sign-in', { json: { email, password }, ...options })
const entriesOf = (action: AuditAction) => t.store.audit.page({ action }, 100)

/** The `name=value` of the device cookie a successful sign-in set. */
const deviceCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((line) => line.startsWith('vd_device='))
    ?.split(';')[0] ?? ''

/** A browser that has signed in to the account once: its device cookie. */
const knownBrowserOf = async (email: string) => {
  const res = await attempt(email, PASSWORD)
  expect(res.status).toBe(200)
  return deviceCookieOf(res)
}

/** Wrong passwords for many accounts from one address, as a password sprayer sends them. */
const spray = async (failures: number, from: string) => {
  for (let i = 0; i < failures; i++) {
    const res = await attempt(`guess${i}@example.com`, 'wrong password', { from })
    // Wait out each delay as a patient attacker would: every failure is a checked one.
    const wait = Number(res.headers.get('retry-after') ?? 0)
    if (res.status === 429 && i < failures - 1) clock.advance(wait * 1000)
  }
}

describe('the sign-in throttle of an account', () => {
  it('answers a wrong password with one generic 401', async () => {
    const wrong = await expectProblem(await attempt('ana@example.com', 'not the password'), 401)
    const unknown = await expectProblem(await attempt('nobody@example.com', 'not the password'), 401)
    // Alike but for `instance`, which names each request (http/request-id.ts).
    expect({ ...wrong, instance: 'each request' }).toEqual({ ...unknown, instance: 'each request' })
    expect(wrong.instance).not.toBe(unknown.instance)
  })

  it('locks an account after 5 failures with 429, Retry-After and a message that says when', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('ana@example.com', 'wrong password')).status).toBe(401)
    const locked = await attempt('ana@example.com', 'wrong password')
    expect(locked.headers.get('retry-after')).toBe(String(DEFAULT_THROTTLE.lockMs / 1000))
    const body = (await expectProblem(locked, 429)) as { detail: string; retry_at?: string }
    expect(body.detail).toMatch(/Try again in 15 minutes/)
    expect(body.retry_at).toBe(new Date(clock.now() + DEFAULT_THROTTLE.lockMs).toISOString())
  })

  it('refuses even the correct password on an unknown browser while the account is locked, and accepts it after', async () => {
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

  it('checks one password at a time per account: a burst sent at once cannot outrun the count', async () => {
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt('ana@example.com', `guess ${i}`, { from: `10.9.0.${i}` })),
    )
    const statuses = burst.map((res) => res.status)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(DEFAULT_THROTTLE.accountFailures)
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)
    expect((await entriesOf('sign-in.failed')).length).toBe(statuses.filter((status) => status === 401).length)
    const busy = burst.find((res) => res.status === 429)
    expect(busy && (await expectProblem(busy, 429)).detail).toMatch(/being checked/)
  })

  it('audits a lockout once, however many attempts it refuses', async () => {
    for (let i = 0; i < 12; i++) await attempt('ana@example.com', 'wrong password', { from: '203.0.113.9' })
    const locked = await entriesOf('sign-in.account-locked')
    expect(locked).toHaveLength(1)
    expect(locked[0]).toMatchObject({ target: 'ana@example.com', ip: '203.0.113.9', outcome: 429 })
    expect(await entriesOf('sign-in.failed')).toHaveLength(5)
  })
})

describe('the audit of a throttled sign-in', () => {
  it('records each failed attempt with the status it was answered with: 401, then 429 once it locks', async () => {
    const sent: number[] = []
    for (let i = 0; i < 5; i++) sent.push((await attempt('ana@example.com', 'wrong password')).status)
    expect(sent).toEqual([401, 401, 401, 401, 429])
    const failed = (await entriesOf('sign-in.failed')).map((entry) => entry.outcome)
    // The page is newest first.
    expect(failed.reverse()).toEqual(sent)
    expect((await entriesOf('sign-in.account-locked'))[0]).toMatchObject({ outcome: 429 })
  })

  it('records the 401 a known browser is answered with when its own failures lock it', async () => {
    const known = await knownBrowserOf('ana@example.com')
    const sent: number[] = []
    for (let i = 0; i < 5; i++)
      sent.push((await attempt('ana@example.com', 'wrong password', { cookie: known })).status)
    const [deviceLocked] = await entriesOf('sign-in.device-locked')
    expect(deviceLocked?.outcome).toBe(sent.at(-1))
    expect((await entriesOf('sign-in.failed'))[0]?.outcome).toBe(sent.at(-1))
  })
})

describe('a known browser (device cookie)', () => {
  it('lets the owner sign in during a lockout from a browser that signed in before, and not from an unknown one', async () => {
    const known = await knownBrowserOf('ana@example.com')
    expect(known).toMatch(/^vd_device=[\w-]+\.[\w-]+\.[\w-]+$/)
    for (let i = 0; i < 5; i++) await attempt('ana@example.com', 'wrong password', { from: '198.51.100.7' })
    await expectProblem(await attempt('ana@example.com', PASSWORD), 429)
    expect((await attempt('ana@example.com', PASSWORD, { cookie: known })).status).toBe(200)
  })

  it('sets the cookie HttpOnly, SameSite=Strict and long-lived', async () => {
    const res = await attempt('ana@example.com', PASSWORD)
    const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith('vd_device=')) ?? ''
    expect(line).toMatch(/HttpOnly/)
    expect(line).toMatch(/SameSite=Strict/)
    expect(Number(/Max-Age=(\d+)/.exec(line)?.[1])).toBeGreaterThan(300 * 24 * 60 * 60)
  })

  it('is an unknown browser for another account, or when forged', async () => {
    const anas = await knownBrowserOf('ana@example.com')
    for (let i = 0; i < 5; i++) await attempt('ben@example.com', 'wrong password')
    await expectProblem(await attempt('ben@example.com', PASSWORD, { cookie: anas }), 429)
    const [account, nonce] = anas.replace('vd_device=', '').split('.')
    const forged = `vd_device=${account}.${nonce}.${'A'.repeat(43)}`
    for (let i = 0; i < 5; i++) await attempt('ana@example.com', 'wrong password')
    await expectProblem(await attempt('ana@example.com', PASSWORD, { cookie: forged }), 429)
  })

  it('has its own failure limit: after 5 it is unknown again, and its failures did not lock the account', async () => {
    const known = await knownBrowserOf('ana@example.com')
    for (let i = 0; i < 5; i++)
      await expectProblem(await attempt('ana@example.com', 'wrong password', { cookie: known }), 401)
    expect(await entriesOf('sign-in.device-locked')).toHaveLength(1)
    expect(await entriesOf('sign-in.account-locked')).toHaveLength(0)
    // Now counted as an unknown browser: against the account, which locks after its own five.
    for (let i = 0; i < 4; i++)
      await expectProblem(await attempt('ana@example.com', 'wrong password', { cookie: known }), 401)
    await expectProblem(await attempt('ana@example.com', 'wrong password', { cookie: known }), 429)
  })
})

describe('the sign-in throttle of an address', () => {
  it('spaces out attempts after 10 failures: 1, 2, 4 s, answered 429 with Retry-After without checking the password', async () => {
    for (let i = 0; i < 9; i++)
      await expectProblem(await attempt(`guess${i}@example.com`, 'x', { from: '10.1.1.1' }), 401)
    const tenth = await attempt('guess9@example.com', 'x', { from: '10.1.1.1' })
    expect(((await expectProblem(tenth, 429)) as { detail: string }).detail).toMatch(/Wait 1 second and try again/)
    expect(tenth.headers.get('retry-after')).toBe('1')
    clock.advance(1000)
    expect((await attempt('guess10@example.com', 'x', { from: '10.1.1.1' })).headers.get('retry-after')).toBe('2')
    // Refused attempts are not checked, so they neither count nor lengthen the wait.
    for (let i = 0; i < 20; i++) await expectProblem(await attempt('ana@example.com', 'x', { from: '10.1.1.1' }), 429)
    clock.advance(2000)
    expect((await attempt('guess11@example.com', 'x', { from: '10.1.1.1' })).headers.get('retry-after')).toBe('4')
    expect(await entriesOf('sign-in.address-throttled')).toHaveLength(1)
    expect(await entriesOf('sign-in.failed')).toHaveLength(12)
    // Another address is not slowed.
    expect((await attempt('ana@example.com', PASSWORD, { from: '10.2.2.2' })).status).toBe(200)
  })

  it('counts an IPv6 address by its /64, so new addresses of one subscriber do not reset the count', async () => {
    for (let i = 0; i < 10; i++) await attempt(`guess${i}@example.com`, 'x', { from: `2001:db8:5:6::${i + 1}` })
    const next = await attempt('guess10@example.com', 'x', { from: '2001:db8:5:6:ffff::9' })
    expect(next.status).toBe(429)
    expect((await attempt('guess10@example.com', 'x', { from: '2001:db8:5:7::1' })).status).toBe(401)
  })

  it("lets another account's correct password from a throttled address sign in", async () => {
    await spray(12, '10.1.1.1')
    const wait = await attempt('ana@example.com', PASSWORD, { from: '10.1.1.1' })
    await expectProblem(wait, 429)
    // The delay is the same whether the password is right or wrong (it reveals nothing), and short.
    const seconds = Number(wait.headers.get('retry-after'))
    expect(seconds).toBeLessThanOrEqual(DEFAULT_THROTTLE.addressMaxDelayMs / 1000)
    clock.advance(seconds * 1000)
    expect((await attempt('ana@example.com', PASSWORD, { from: '10.1.1.1' })).status).toBe(200)
    // A browser that signed in to the account before does not wait at all.
    await spray(1, '10.1.1.1')
    const known = await knownBrowserOf('ben@example.com')
    await spray(1, '10.1.1.1')
    expect((await attempt('ben@example.com', PASSWORD, { from: '10.1.1.1', cookie: known })).status).toBe(200)
  })

  it('blocks an address for 15 minutes after 50 failures, except for known browsers, and audits it once', async () => {
    const known = await knownBrowserOf('ben@example.com')
    await spray(DEFAULT_THROTTLE.addressBlockFailures, '10.3.3.3')
    const blocked = await attempt('ana@example.com', PASSWORD, { from: '10.3.3.3' })
    expect(((await expectProblem(blocked, 429)) as { detail: string }).detail).toMatch(/Try again in 15 minutes/)
    expect(blocked.headers.get('retry-after')).toBe(String(DEFAULT_THROTTLE.lockMs / 1000))
    expect((await attempt('ben@example.com', PASSWORD, { from: '10.3.3.3', cookie: known })).status).toBe(200)
    const entries = await entriesOf('sign-in.address-blocked')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ target: '10.3.3.3', ip: '10.3.3.3' })
    clock.advance(DEFAULT_THROTTLE.lockMs)
    expect((await attempt('ana@example.com', PASSWORD, { from: '10.3.3.3' })).status).toBe(200)
  })
})

describe('odd input', () => {
  it('treats a device cookie that is not one of ours as an unknown browser, never a 500', async () => {
    for (const value of ['%E0%A4%A', 'a.b', 'a.b.c.d', '..', 'x'.repeat(4000)]) {
      expect((await attempt('ana@example.com', PASSWORD, { cookie: `vd_device=${value}` })).status).toBe(200)
    }
  })
})
