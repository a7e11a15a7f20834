import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UserListItem } from '../../../src/api/contract/users-schemas'
import { createTestConsole, expectProblem, fakeClock, type TestConsole } from '../test-support/console-app'

let t: TestConsole
let clock: ReturnType<typeof fakeClock>
let admin: string

beforeEach(async () => {
  clock = fakeClock(Date.parse('2026-12-06T15:00:00Z'))
  t = await createTestConsole({ now: clock.now })
  await t.addUser('root@example.com', 'admin')
  await t.addUser('sam@example.com', 'support')
  await t.addUser('meg@example.com', 'manager')
  admin = await t.signIn('root@example.com')
})
afterEach(() => t.store.close())

const list = async (cookie = admin): Promise<UserListItem[]> => {
  const res = await t.request('/api/console/users', { cookie })
  expect(res.status).toBe(200)
  return (await res.json()).users
}
const idOf = async (email: string) => (await t.store.users.byEmail(email))?.id ?? ''
const setRole = async (email: string, role: string, cookie = admin) =>
  t.request(`/api/console/users/${await idOf(email)}/role`, { method: 'PUT', json: { role }, cookie })
const post = async (email: string, change: string, cookie = admin) =>
  t.request(`/api/console/users/${await idOf(email)}/${change}`, { method: 'POST', cookie })
const auditEntries = async () => {
  const rows = await t.store.audit.page({}, 100)
  return rows.map((row) => ({ ...row, detail: row.detail ? JSON.parse(row.detail) : null }))
}
const lastAudit = async (action: string) => (await auditEntries()).find((row) => row.action === action)

describe('GET /api/console/users', () => {
  it('lists everyone with role, status, last sign-in and active sessions', async () => {
    await t.signIn('sam@example.com')
    await t.signIn('sam@example.com')
    const users = await list()
    expect(users.map((user) => [user.email, user.role, user.status, user.activeSessions])).toEqual([
      ['meg@example.com', 'manager', 'active', 0],
      ['root@example.com', 'admin', 'active', 1],
      ['sam@example.com', 'support', 'active', 2],
    ])
    expect(users.find((user) => user.email === 'sam@example.com')?.lastSignInAt).toBe(
      new Date(clock.now()).toISOString(),
    )
    expect(users.find((user) => user.email === 'meg@example.com')?.lastSignInAt).toBeNull()
  })

  it('does not count a session that has gone idle', async () => {
    await t.signIn('sam@example.com')
    clock.advance(2 * 60 * 60_000)
    admin = await t.signIn('root@example.com')
    expect((await list()).find((user) => user.email === 'sam@example.com')?.activeSessions).toBe(0)
  })

  it('is for admins only: 403 for other roles, 401 without a session', async () => {
    for (const email of ['sam@example.com', 'meg@example.com']) {
      const cookie = await t.signIn(email)
      const body = await expectProblem(await t.request('/api/console/users', { cookie }), 403)
      expect(body.detail).toMatch(/Ask an admin/)
      await expectProblem(await setRole('sam@example.com', 'admin', cookie), 403)
      await expectProblem(
        await t.request('/api/console/users/invites', {
          json: { email: 'x@example.com', role: 'admin' },
          cookie,
        }),
        403,
      )
    }
    expect((await t.store.users.byEmail('sam@example.com'))?.role).toBe('support')
    await expectProblem(await t.request('/api/console/users'), 401)
  })
})

describe('changing a role', () => {
  it('applies to a live session on its next request, not at the next sign-in', async () => {
    const sam = await t.signIn('sam@example.com')
    const before = await (await t.request('/api/console/session', { cookie: sam })).json()
    expect(before.permissions).toContain('calls:create')

    const res = await setRole('sam@example.com', 'manager')
    expect(res.status).toBe(200)
    expect((await res.json()).user).toMatchObject({ email: 'sam@example.com', role: 'manager', activeSessions: 1 })

    const after = await (await t.request('/api/console/session', { cookie: sam })).json()
    expect(after.user.role).toBe('manager')
    expect(after.permissions).not.toContain('calls:create')
    expect(after.permissions).toContain('usage:read')
    // And the console refuses what the old role could do, with the same cookie.
    const place = await t.request('/api/v1/voice/calls', { json: { destination: '+15005550006' }, cookie: sam })
    expect(place.status).toBe(403)
  })

  it('records who changed what, from and to', async () => {
    await setRole('sam@example.com', 'admin')
    const entry = await lastAudit('user.role-changed')
    expect(entry).toMatchObject({
      actor_email: 'root@example.com',
      actor_role: 'admin',
      target: 'sam@example.com',
      outcome: 200,
      detail: { from: 'support', to: 'admin' },
    })
  })

  it('refuses an unknown role with a 400 naming the field, and an unknown person with a 404', async () => {
    const body = (await expectProblem(await setRole('sam@example.com', 'owner'), 400)) as unknown as {
      errors: { field: string }[]
    }
    expect(body.errors[0]?.field).toBe('role')
    await expectProblem(
      await t.request('/api/console/users/usr_nobody/role', { method: 'PUT', json: { role: 'admin' }, cookie: admin }),
      404,
    )
    await expectProblem(
      await t.request(`/api/console/users/${await idOf('sam@example.com')}/role`, {
        method: 'PUT',
        body: '{not json',
        headers: { 'content-type': 'application/json' },
        cookie: admin,
      }),
      400,
    )
  })
})

describe('the last active admin', () => {
  it('cannot be demoted, not even by themselves, and nothing changes', async () => {
    const body = await expectProblem(await setRole('root@example.com', 'manager'), 409)
    expect(body.detail).toMatch(/only active admin.*Make someone else an admin first/)
    expect((await t.store.users.byEmail('root@example.com'))?.role).toBe('admin')
    expect(await lastAudit('user.role-changed')).toMatchObject({
      outcome: 409,
      detail: { from: 'admin', to: 'manager', refused: 'last-admin' },
    })
  })

  it('counts only active admins: a deactivated one does not keep the last one removable', async () => {
    await t.addUser('old@example.com', 'admin')
    await t.store.users.setActive(await idOf('old@example.com'), false)
    await expectProblem(await setRole('root@example.com', 'support'), 409)
    // Reactivated, the other admin counts again, and root may step down.
    expect((await post('old@example.com', 'reactivate')).status).toBe(200)
    expect((await setRole('root@example.com', 'support')).status).toBe(200)
  })

  it('lets an admin step down while another active admin remains', async () => {
    await setRole('meg@example.com', 'admin')
    expect((await setRole('root@example.com', 'manager')).status).toBe(200)
    // root is a manager now: this very session may no longer manage users.
    await expectProblem(await t.request('/api/console/users', { cookie: admin }), 403)
    // And meg, now the only admin, cannot be deactivated by anyone.
    const meg = await t.signIn('meg@example.com')
    await expectProblem(await setRole('meg@example.com', 'support', meg), 409)
  })
})

describe('deactivating, reactivating, ending sessions', () => {
  it('deactivation ends every session of the person at once and stops sign-in', async () => {
    const sam = await t.signIn('sam@example.com')
    await t.signIn('sam@example.com')
    const res = await post('sam@example.com', 'deactivate')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ user: { status: 'deactivated', activeSessions: 0 }, sessionsEnded: 2 })
    await expectProblem(await t.request('/api/console/users', { cookie: sam }), 401)
    const signIn = await t.request('/api/console/sign-in', {
      json: { email: 'sam@example.com', password: 'correct horse battery' },
    })
    expect(signIn.status).toBe(401)
    expect(await lastAudit('user.deactivated')).toMatchObject({
      actor_email: 'root@example.com',
      target: 'sam@example.com',
      outcome: 200,
      detail: { sessionsEnded: 2 },
    })

    expect((await post('sam@example.com', 'reactivate')).status).toBe(200)
    expect(await t.signIn('sam@example.com')).toMatch(/vd_session=/)
    expect(await lastAudit('user.reactivated')).toMatchObject({ target: 'sam@example.com', outcome: 200 })
  })

  it('an admin cannot deactivate themselves, even with another admin around', async () => {
    await setRole('meg@example.com', 'admin')
    const body = await expectProblem(await post('root@example.com', 'deactivate'), 409)
    expect(body.detail).toMatch(/Ask another admin/)
    expect((await t.store.users.byEmail('root@example.com'))?.active).toBe(1)
  })

  it('ends all sessions of a person, who may sign in again', async () => {
    const sam = await t.signIn('sam@example.com')
    const res = await post('sam@example.com', 'end-sessions')
    expect(await res.json()).toMatchObject({ sessionsEnded: 1, user: { activeSessions: 0, status: 'active' } })
    await expectProblem(await t.request('/api/console/users', { cookie: sam }), 401)
    expect(await lastAudit('sessions.ended')).toMatchObject({
      actor_email: 'root@example.com',
      target: 'sam@example.com',
      outcome: 200,
      detail: { count: 1 },
    })
  })

  it('needs our CSRF header: a cross-site request changes nothing', async () => {
    const res = await t.request(`/api/console/users/${await idOf('sam@example.com')}/deactivate`, {
      method: 'POST',
      cookie: admin,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.status).toBe(403)
    const noHeader = await t.request(`/api/console/users/${await idOf('sam@example.com')}/role`, {
      method: 'PUT',
      json: { role: 'admin' },
      cookie: admin,
      headers: { 'x-voice-console': '0' },
    })
    expect(noHeader.status).toBe(403)
    const sam = await t.store.users.byEmail('sam@example.com')
    expect([sam?.active, sam?.role]).toEqual([1, 'support'])
  })
})
