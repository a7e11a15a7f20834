// /healthz and /readyz on a real socket: answered whatever the Host (a load balancer probes by address),
// ready while the store answers, 503 problem+json naming the store once it cannot.

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { type PostgresCluster, startPostgresCluster } from '../test-support/postgres-cluster'
import { rawRequest, startTestServer, type TestServer } from '../test-support/running-console'
import { onPostgres, testStoreLocation } from '../test-support/test-store'

let server: TestServer | null = null
afterEach(async () => {
  // The tests close the store themselves: closing it again may fail, and does not matter here.
  await server?.close().catch(() => {})
  server = null
})

const start = async () => {
  const location = await testStoreLocation()
  server = await startTestServer(onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location })
  return server
}

describe('health and readiness', () => {
  it('answers 503 naming the dashboard while its build has no index.html, logged at start; ready once it has', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'no-dashboard-'))
    const location = await testStoreLocation()
    server = await startTestServer({
      DASHBOARD_DIST: dist,
      ...(onPostgres() ? { CONSOLE_DATABASE_URL: location } : { CONSOLE_DB: location }),
    })
    const host = { host: `localhost:${server.port}` }
    const ready = await rawRequest(server.port, '/readyz', { headers: host })
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toMatchObject({
      title: 'Not ready',
      detail: expect.stringMatching(
        /no dashboard to serve: its build \(DASHBOARD_DIST, or dist\/\) holds no index\.html/,
      ),
      checks: { store: 'ok', dashboard: 'missing', draining: false },
    })
    expect(ready.body).not.toContain(dist)
    expect(server.lines.join('')).toContain(`No dashboard build at ${dist} (no index.html)`)
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Voice Dashboard</title>')
    expect((await rawRequest(server.port, '/readyz', { headers: host })).status).toBe(200)
  })

  it('answers /healthz and /readyz to a probe by address, unlogged and unaudited', async () => {
    const running = await start()
    for (const host of [`10.1.2.3:${running.port}`, `localhost:${running.port}`]) {
      const health = await rawRequest(running.port, '/healthz', { headers: { host } })
      expect(health.status).toBe(200)
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' })
      expect(health.headers['cache-control']).toBe('no-store')
      const ready = await rawRequest(running.port, '/readyz', { headers: { host } })
      expect(ready.status).toBe(200)
      expect(JSON.parse(ready.body)).toEqual({
        status: 'ready',
        checks: { store: 'ok', dashboard: 'ok', draining: false },
      })
    }
    // The console's own pages still refuse a foreign Host.
    expect((await rawRequest(running.port, '/api/console/setup', { headers: { host: '10.1.2.3' } })).status).toBe(421)
    expect(running.lines.join('')).not.toMatch(/healthz|readyz/)
    const audited = await running.store.db.selectFrom('audit_log').select('action').execute()
    expect(audited).toEqual([])
  })

  it('answers 503 problem+json naming the store once the store is closed, and /healthz still 200', async () => {
    const running = await start()
    await running.store.close()
    const ready = await rawRequest(running.port, '/readyz', { headers: { host: `localhost:${running.port}` } })
    expect(ready.status).toBe(503)
    expect(ready.headers['content-type']).toBe('application/problem+json')
    expect(ready.headers['retry-after']).toBe('5')
    const body = JSON.parse(ready.body)
    expect(body).toMatchObject({
      status: 503,
      title: 'Not ready',
      checks: { store: 'unreachable', dashboard: 'ok', draining: false },
    })
    expect(body.detail).toMatch(/cannot reach its store/)
    // Nothing of the store's own error (a PostgreSQL URL may carry a password) reaches the answer.
    expect(ready.body).not.toMatch(/postgres|sqlite|destroy|Error/i)
    expect(
      (await rawRequest(running.port, '/healthz', { headers: { host: `localhost:${running.port}` } })).status,
    ).toBe(200)
  })
})

// Its own cluster, stopped mid-test: the store becomes unreachable as it does when PostgreSQL goes down.
describe.runIf(onPostgres())('readiness on PostgreSQL', () => {
  let cluster: PostgresCluster | null = null
  afterEach(() => cluster?.stop())

  it('answers 503 once PostgreSQL is down, within its own short wait, and 200 again from /healthz', async () => {
    cluster = await startPostgresCluster()
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query(`create database ready_test template template0 lc_collate 'C' lc_ctype 'C'`)
    await admin.end()
    server = await startTestServer({ CONSOLE_DATABASE_URL: cluster.urlOf('ready_test') })
    const host = { host: `localhost:${server.port}` }
    expect((await rawRequest(server.port, '/readyz', { headers: host })).status).toBe(200)

    cluster.stop()
    const started = Date.now()
    const ready = await rawRequest(server.port, '/readyz', { headers: host })
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body).checks.store).toMatch(/^(unreachable|timeout)$/)
    expect(ready.body).not.toContain('127.0.0.1')
    // The check's own wait is 1.5 s; a probe gets an answer well within a load balancer's usual timeout.
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await rawRequest(server.port, '/healthz', { headers: host })).status).toBe(200)
  }, 60_000)
})
