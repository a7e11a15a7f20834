// A PostgreSQL store that goes away under a signed-in person: their next request is a 503 they can read,
// with Retry-After, never a 500 or a stack trace; the console answers again once the store is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../store'
import { isStoreUnreachable } from '../store/store-unreachable'
import { createTestConsole } from '../test-support/console-app'
import { type PostgresCluster, startPostgresCluster } from '../test-support/postgres-cluster'
import { onPostgres } from '../test-support/test-store'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let cluster: PostgresCluster | null = null
afterAll(() => cluster?.stop())

// PostgreSQL's project only: it starts a cluster of its own, to stop it.
describe.skipIf(!onPostgres())('a store that cannot be reached', () => {
  // initdb and a first start take seconds on a quiet machine and far more on a loaded CI: a hook's bound, not the
  // test's, and sized for the load.
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 180_000)

  it('is answered 503 problem+json with Retry-After, and the console serves again once it is back', async () => {
    if (!cluster) throw new Error('the cluster did not start')
    const store = await openStore(cluster.url, undefined, { connections: 2 })
    const t = await createTestConsole({ store })
    await t.addUser('sam@example.com', 'support')
    const cookie = await t.signIn('sam@example.com')
    expect((await t.request('/api/console/session', { cookie })).status).toBe(200)

    // pg_ctl runs synchronously: the event loop then sees the connections close, as a server would.
    cluster.stopServer()
    await sleep(100)
    const res = await t.request('/api/console/session', { cookie })
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(res.headers.get('retry-after')).toBe('5')
    const body = (await res.json()) as { title: string; detail: string }
    expect(body.title).toBe('Console database unavailable')
    expect(JSON.stringify(body)).not.toMatch(/postgres:|ECONN|at .*\.ts/)

    cluster.startServer()
    await sleep(100)
    const again = await t.request('/api/console/session', { cookie })
    expect(again.status).toBe(200)
    await store.close()
    // pg_ctl stops and starts the server twice, each waiting on PostgreSQL: seconds under load.
  }, 120_000)

  it('tells a lost connection from a fault in the query', () => {
    expect(isStoreUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true)
    expect(isStoreUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isStoreUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isStoreUnreachable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false)
    expect(isStoreUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
  })
})
