// A store that answers but cannot save (SQLite's disk full or read-only file, PostgreSQL in a read-only
// transaction): every request that writes is a 503 in words, never a 500, and /readyz fails naming the store
// until a write succeeds again. Real stores made full or read-only, on both.
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../http/request-log'
import { createConsoleOps } from '../ops/console-ops'
import { type ConsoleStore, openStore } from '../store'
import { isStoreUnwritable } from '../store/store-unwritable'
import { createTestConsole, expectProblem, PASSWORD } from '../test-support/console-app'
import { onPostgres, testStoreLocation } from '../test-support/test-store'

let store: ConsoleStore | null = null
afterEach(async () => {
  await store?.close()
  store = null
})

/** The console over a store of one connection, so that a session setting holds for every query. */
async function consoleOverOneConnection() {
  store = await openStore(await testStoreLocation(), undefined, { connections: 1 })
  const ops = createConsoleOps({
    store,
    logger: createLogger('off', () => true),
    metricsToken: null,
    liveStreams: () => 0,
  })
  const t = await createTestConsole({ store, ops: ops.app })
  await t.addUser('ana@example.com', 'support')
  const readyz = async () => {
    const res = await t.request('/readyz')
    return { status: res.status, body: (await res.json()) as { detail?: string; checks: { store: string } } }
  }
  return { t, store, readyz }
}

const CANNOT_SAVE =
  'The console cannot save right now: its database is full or read-only. Try again later, or tell an admin.'

describe('a store that cannot save', () => {
  it('is read-only: a write is 503 in words, /readyz names the store until a write succeeds again', async () => {
    const { t, store, readyz } = await consoleOverOneConnection()
    expect((await readyz()).status).toBe(200)
    const readOnly = (on: boolean) =>
      onPostgres()
        ? sql.raw(`set default_transaction_read_only = ${on ? 'on' : 'off'}`).execute(store.db)
        : sql.raw(`pragma query_only = ${on ? 'on' : 'off'}`).execute(store.db)
    await readOnly(true)

    const res = await t.request('/api/console/sign-in', { json: { email: 'ana@example.com', password: PASSWORD } })
    const body = await expectProblem(res, 503)
    expect(body).toMatchObject({ title: 'Console cannot save', detail: CANNOT_SAVE })
    expect(res.headers.get('retry-after')).toBe('30')
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|readonly|25006|at .*\.ts/i)
    const notReady = await readyz()
    expect(notReady.status).toBe(503)
    expect(notReady.body.checks.store).toBe('unwritable')
    expect(notReady.body.detail).toBe(
      'This console instance’s store (the database) cannot save: it is full or read-only.',
    )
    // Still so while it cannot: the probe's write fails too.
    expect((await readyz()).body.checks.store).toBe('unwritable')

    await readOnly(false)
    expect(await readyz()).toMatchObject({ status: 200, body: { checks: { store: 'ok' } } })
    expect(
      (await t.request('/api/console/sign-in', { json: { email: 'ana@example.com', password: PASSWORD } })).status,
    ).toBe(200)
  })

  it.skipIf(onPostgres())(
    'is a full SQLite disk (max_page_count): 503 in words, ready again once it has room',
    async () => {
      const { t, store, readyz } = await consoleOverOneConnection()
      const pages = async () =>
        (await sql<{ page_count: number }>`pragma page_count`.execute(store.db)).rows[0]?.page_count ?? 0
      // No page more than it has now: what is left is the slack within its pages, which sign-ins soon use up.
      await sql.raw(`pragma max_page_count = ${await pages()}`).execute(store.db)
      let full: Response | null = null
      for (let i = 0; i < 2_000 && !full; i++) {
        const res = await t.request('/api/console/sign-in', { json: { email: 'ana@example.com', password: PASSWORD } })
        if (res.status !== 200) full = res
      }
      if (!full) throw new Error('the store never filled up')
      expect(await expectProblem(full, 503)).toMatchObject({ title: 'Console cannot save', detail: CANNOT_SAVE })
      expect((await readyz()).body.checks.store).toBe('unwritable')

      await sql.raw(`pragma max_page_count = ${(await pages()) + 1_000}`).execute(store.db)
      expect((await readyz()).status).toBe(200)
    },
  )

  it('tells a store that cannot save from other faults', () => {
    for (const code of ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', '53100', '25006'])
      expect(isStoreUnwritable(Object.assign(new Error('x'), { code })), code).toBe(true)
    for (const code of ['SQLITE_BUSY', 'SQLITE_CONSTRAINT', '23505', '08006', undefined])
      expect(isStoreUnwritable(Object.assign(new Error('x'), { code })), String(code)).toBe(false)
  })
})
