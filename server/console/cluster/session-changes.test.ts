// Two console apps on one store (one SQLite file, or one PostgreSQL database), as two instances behind a load
// balancer: a sign-out, a role change or a deactivation made on one instance holds at the person's very next
// request on the other. An instance keeps a session it found for a second at most, and only on SQLite, where it
// sees another connection's commit at the next turn of its event loop (store/recent-sessions.ts): the person's
// next request, sent after the change, comes from the network in a later turn, which `nextTurn` stands for here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_PREFIX } from '../../../src/api/contract/console-schemas'
import { type ConsoleStore, openStore } from '../store'
import { createTestConsole, expectProblem, type TestConsole } from '../test-support/console-app'
import { nextTurn } from '../test-support/next-turn'
import { testStoreLocation } from '../test-support/test-store'

let stores: ConsoleStore[] = []
let one: TestConsole
let two: TestConsole
let adminCookie = ''
let personId = ''
const EMAIL = 'changing@example.com'
const USERS = `${CONSOLE_PREFIX}/users`

beforeAll(async () => {
  const location = await testStoreLocation({ file: true })
  stores = [
    await openStore(location, undefined, { connections: 4 }),
    await openStore(location, undefined, { connections: 4 }),
  ]
  one = await createTestConsole({ store: stores[0] })
  two = await createTestConsole({ store: stores[1] })
  await one.addUser('admin@example.com', 'admin')
  personId = (await one.addUser(EMAIL, 'admin')).id
  adminCookie = await one.signIn('admin@example.com')
}, 60_000)
afterAll(async () => {
  for (const store of stores) await store.close()
})

/** The person's role as the instance sees it on this request, or null when it refuses the session. */
async function roleOn(instance: TestConsole, cookie: string): Promise<string | null> {
  const res = await instance.request(`${CONSOLE_PREFIX}/session`, { cookie })
  const body = (await res.json()) as { user: { role: string } | null }
  return body.user?.role ?? null
}

describe('a change on one instance, at the next request on the other', () => {
  it('a sign-out: the session is refused', async () => {
    const cookie = await two.signIn(EMAIL)
    expect((await one.request(USERS, { cookie })).status).toBe(200)
    expect((await one.request(`${CONSOLE_PREFIX}/sign-out`, { method: 'POST', cookie })).status).toBe(204)
    await nextTurn()
    await expectProblem(await two.request(USERS, { cookie }), 401)
  })

  it('a role change: the new role, and its permissions', async () => {
    const cookie = await one.signIn(EMAIL)
    expect((await two.request(USERS, { cookie })).status).toBe(200)
    const demoted = await one.request(`${USERS}/${personId}/role`, {
      method: 'PUT',
      json: { role: 'support' },
      cookie: adminCookie,
    })
    expect(demoted.status).toBe(200)
    await nextTurn()
    expect(await roleOn(two, cookie)).toBe('support')
    await expectProblem(await two.request(USERS, { cookie }), 403)
  })

  it('a deactivation: the session is refused', async () => {
    const cookie = await two.signIn(EMAIL)
    expect(await roleOn(one, cookie)).toBe('support')
    expect((await two.request(`${USERS}/${personId}/deactivate`, { json: {}, cookie: adminCookie })).status).toBe(200)
    await nextTurn()
    await expectProblem(await one.request(`${CONSOLE_PREFIX}/preferences`, { cookie }), 401)
    expect(await roleOn(one, cookie)).toBeNull()
  })
})
