import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createTestConsole,
  expectProblem,
  fakeClock,
  sessionCookieOf,
  type TestConsole,
} from '../test-support/console-app'

let t: TestConsole
let clock: ReturnType<typeof fakeClock>
let admin: string

beforeEach(async () => {
  clock = fakeClock(Date.parse('2026-12-06T15:00:00Z'))
  t = await createTestConsole({ now: clock.now })
  await t.addUser('root@example.com', 'admin')
  admin = await t.signIn('root@example.com')
})
afterEach(() => t.store.close())

const NEW_PASSWORD = 'a password of my own'

const invite = async (email: string, role = 'support') => {
  const res = await t.request('/api/console/users/invites', { json: { email, role }, cookie: admin })
  expect(res.status).toBe(201)
  return (await res.json()) as { link: string; expiresAt: string; replaced: boolean }
}
const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '')
const setUp = (token: string, password = NEW_PASSWORD) =>
  t.request('/api/console/set-up', { json: { token, password } })
const check = (token: string) => t.request('/api/console/set-up/check', { json: { token } })

describe('an invite', () => {
  it('gives a link on the public URL with the token in the fragment, valid 24 hours', async () => {
    const { link, expiresAt, replaced } = await invite('New.Person@Example.com')
    const url = new URL(link)
    expect(url.origin + url.pathname).toBe('http://localhost:4173/set-up')
    expect(url.search).toBe('')
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(expiresAt) - clock.now()).toBe(24 * 60 * 60_000)
    expect(replaced).toBe(false)
    // Only the hash is kept.
    const stored = await t.store.db.selectFrom('user_invites').selectAll().execute()
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link))
    const users = (await (await t.request('/api/console/users', { cookie: admin })).json()).users
    expect(users).toContainEqual(
      expect.objectContaining({
        id: null,
        email: 'new.person@example.com',
        status: 'invited',
        inviteExpiresAt: expiresAt,
      }),
    )
    const entry = (await t.store.audit.page({ action: 'user.invited' }, 1))[0]
    expect(entry).toMatchObject({ actor_email: 'root@example.com', target: 'new.person@example.com', outcome: 201 })
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ role: 'support', replaced: false })
  })

  it('works once: it sets the person up and signs them in; a second use is refused', async () => {
    const { link } = await invite('new@example.com', 'manager')
    const checked = await check(tokenOf(link))
    expect(await checked.json()).toMatchObject({ email: 'new@example.com', role: 'manager' })

    const res = await setUp(tokenOf(link))
    expect(res.status).toBe(200)
    expect((await res.json()).user).toMatchObject({ email: 'new@example.com', role: 'manager' })
    const session = await (await t.request('/api/console/session', { cookie: sessionCookieOf(res) })).json()
    expect(session.user.email).toBe('new@example.com')
    expect(await t.signIn('new@example.com', NEW_PASSWORD)).toMatch(/vd_session=/)
    const entry = (await t.store.audit.page({ action: 'user.set-up' }, 1))[0]
    expect(entry).toMatchObject({ actor_email: 'new@example.com', target: 'new@example.com', outcome: 200 })

    const again = await expectProblem(await setUp(tokenOf(link), 'someone else entirely'), 410)
    expect(again.detail).toMatch(/Ask an admin for a new link/)
    await expectProblem(await check(tokenOf(link)), 410)
    expect(await t.signIn('new@example.com', NEW_PASSWORD)).toMatch(/vd_session=/)
  })

  it('cannot be used twice even by two requests at the same moment', async () => {
    const { link } = await invite('race@example.com')
    const answers = await Promise.all([setUp(tokenOf(link)), setUp(tokenOf(link), 'the other tab password')])
    expect(answers.map((res) => res.status).sort()).toEqual([200, 410])
  })

  it('expires after 24 hours, and the list says so', async () => {
    const { link } = await invite('late@example.com')
    clock.advance(24 * 60 * 60_000)
    await expectProblem(await check(tokenOf(link)), 410)
    await expectProblem(await setUp(tokenOf(link)), 410)
    expect(await t.store.users.byEmail('late@example.com')).toBeUndefined()
    admin = await t.signIn('root@example.com')
    const users = (await (await t.request('/api/console/users', { cookie: admin })).json()).users
    expect(users).toContainEqual(expect.objectContaining({ email: 'late@example.com', status: 'invite-expired' }))
  })

  it('inviting again replaces the earlier link', async () => {
    const first = await invite('twice@example.com')
    const second = await invite('twice@example.com', 'admin')
    expect(second.replaced).toBe(true)
    await expectProblem(await setUp(tokenOf(first.link)), 410)
    const res = await setUp(tokenOf(second.link))
    expect((await res.json()).user.role).toBe('admin')
  })

  it('refuses an email that already has an account, and bad input with field errors', async () => {
    const taken = await t.request('/api/console/users/invites', {
      json: { email: 'ROOT@example.com', role: 'support' },
      cookie: admin,
    })
    expect((await expectProblem(taken, 409)).detail).toMatch(/already/)
    const bad = await t.request('/api/console/users/invites', {
      json: { email: 'not an email', role: 'owner' },
      cookie: admin,
    })
    const body = (await expectProblem(bad, 400)) as unknown as { errors: { field: string }[] }
    expect(body.errors.map((error) => error.field).sort()).toEqual(['email', 'role'])
  })

  it('asks for a password of 12 characters or more, and keeps the link for the next try', async () => {
    const { link } = await invite('short@example.com')
    const body = (await expectProblem(await setUp(tokenOf(link), 'too short'), 400)) as unknown as {
      errors: { field: string }[]
    }
    expect(body.errors[0]?.field).toBe('password')
    expect((await setUp(tokenOf(link))).status).toBe(200)
  })

  it('needs our CSRF header like every POST, though no session', async () => {
    const { link } = await invite('csrf@example.com')
    const res = await t.request('/api/console/set-up', {
      method: 'POST',
      body: JSON.stringify({ token: tokenOf(link), password: NEW_PASSWORD }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.status).toBe(403)
    expect((await check(tokenOf(link))).status).toBe(200)
  })
})
