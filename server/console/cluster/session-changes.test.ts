// Two console apps on one store (one SQLite file, or one PostgreSQL database), as two instances behind a load
// balancer: a sign-out, a role change, a deactivation or a sign-out everywhere made on one instance holds at the
// person's very next request on the other. Each instance keeps the sessions it found, as the server's store does
// (`watchSessions`, store/recent-sessions.ts): SQLite sees another connection's commit at the next turn of its event
// loop, and the person's next request, sent after the change, comes from the network in a later turn, which
// `nextTurn` stands for here; on PostgreSQL the change is answered once every instance heard its notice.
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
    await openStore(location, undefined, { connections: 4, watchSessions: true }),
    await openStore(location, undefined, { connections: 4, watchSessions: true }),
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

  it('a sign-out everywhere: each of their sessions is refused, a sign-in since notwithstanding', async () => {
    const reactivated = await one.request(`${USERS}/${personId}/reactivate`, { json: {}, cookie: adminCookie })
    expect(reactivated.status).toBe(200)
    const cookies = [await one.signIn(EMAIL), await two.signIn(EMAIL)]
    for (const cookie of cookies) expect(await roleOn(two, cookie)).toBe('support')
    // A third sign-in (its time written to the person's row) leaves the other instance's sessions valid. Whether that
    // instance keeps them in memory meanwhile is store/postgres/person-change-trigger.test.ts's (no notice is sent).
    await one.signIn(EMAIL)
    await nextTurn()
    for (const cookie of cookies) expect(await roleOn(two, cookie)).toBe('support')
    const ended = await one.request(`${USERS}/${personId}/end-sessions`, { json: {}, cookie: adminCookie })
    expect(ended.status).toBe(200)
    await nextTurn()
    for (const cookie of cookies)
      await expectProblem(await two.request(`${CONSOLE_PREFIX}/preferences`, { cookie }), 401)
  })
})
