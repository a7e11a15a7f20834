// The console when PostgreSQL is gone: a clear 503 problem+json with Retry-After, not a 500. On a cluster of
// its own (stopping the suite's shared one would fail every other test), so it runs once, not per store.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../store'
import { createTestConsole, type TestConsole } from '../test-support/console-app'
import { clusterSkipReason } from '../test-support/console-cluster'
import { type PostgresCluster, startPostgresCluster } from '../test-support/postgres-cluster'
import { isStoreUnreachable } from './store-unavailable'

const skip = clusterSkipReason()

describe('which errors mean the store is out of reach', () => {
  it('is a lost or refused connection, not a query the store refused', () => {
    expect(isStoreUnreachable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true)
    expect(isStoreUnreachable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true)
    expect(isStoreUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isStoreUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isStoreUnreachable(new TypeError('x is undefined'))).toBe(false)
  })
})

describe.skipIf(skip)('the console with its PostgreSQL stopped', () => {
  let cluster: PostgresCluster
  let console_: TestConsole
  let cookie: string

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query(`create database unavailable template template0 lc_collate 'C' lc_ctype 'C'`)
    await admin.end()
    console_ = await createTestConsole({ store: await openStore(cluster.urlOf('unavailable')), liveHub: null })
    await console_.addUser('admin@unavailable.test', 'admin')
    cookie = await console_.signIn('admin@unavailable.test')
    cluster.stop()
  }, 60_000)
  afterAll(async () => {
    cluster?.stop()
    await console_?.store.close().catch(() => {})
  })

  it.each([
    ['a signed-in read', () => console_.request('/api/console/session', { cookie })],
    [
      'a sign-in',
      () => console_.request('/api/console/sign-in', { json: { email: 'admin@unavailable.test', password: 'x' } }),
    ],
    ['a search', () => console_.request('/api/console/calls/search', { cookie })],
  ])('answers %s with 503 problem+json and Retry-After', async (_, send) => {
    const res = await send()
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(res.headers.get('retry-after')).toBe('5')
    const body = (await res.json()) as { title: string; detail: string }
    expect(body.title).toBe('Console store unavailable')
    expect(JSON.stringify(body)).not.toMatch(/postgres:|at .*\.ts|ECONNREFUSED/)
  })

  it('logs the failure without the database URL', () => {
    const logged = console_.lines.filter((line) => line.includes('store unavailable'))
    expect(logged.length).toBeGreaterThan(0)
    expect(logged.join('\n')).not.toContain(cluster.url)
  })
})
