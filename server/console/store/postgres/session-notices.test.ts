// The listening connection lost (a restart, a failover, a terminated backend): nothing is kept until it is back, and
// the sessions are kept again once it is, on a real PostgreSQL.
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../../shared/test-support/eventually'
import { keptSession } from '../../test-support/kept-session'
import { onPostgres, testStoreLocation } from '../../test-support/test-store'
import { type ConsoleStore, openStore } from '..'

let store: ConsoleStore | null = null
afterEach(async () => {
  await store?.close()
  store = null
})

describe.runIf(onPostgres())('the sessions kept while listening for changes (PostgreSQL)', () => {
  it('keeps nothing while its listening connection is lost, and keeps again once it listens again', async () => {
    const location = await testStoreLocation()
    const opened = await openStore(location, undefined, { connections: 2, watchSessions: true })
    store = opened
    await keptSession(opened)

    const admin = new pg.Client({ connectionString: location })
    await admin.connect()
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'`,
      )
      expect(ended.rowCount).toBe(1)
    } finally {
      await admin.end()
    }
    await eventually(() => expect(opened.sessions.findKept('hash-1')).toBeUndefined(), 10_000)
    // Listening again within a second or so: a row found is kept again.
    await eventually(async () => {
      await opened.sessions.find('hash-1')
      expect(opened.sessions.findKept('hash-1')).toBeDefined()
    }, 15_000)
  })

  it('answers a write that changed nobody after its own round trip, not after the wait’s bound', async () => {
    const opened = await openStore(await testStoreLocation(), undefined, {
      connections: 2,
      watchSessions: true,
      noticeConnection: { waitMs: 60_000 },
    })
    store = opened
    // No such person, no such session: no trigger sends a notice, and nothing told the callers to expect none.
    const started = Date.now()
    await opened.users.setRole('nobody', 'admin')
    await opened.sessions.delete('no-such-hash')
    // Not a measure of speed: a write that waited for a notice never sent would take the bound (60 s here, 5 s in
    // production) each, and half of it leaves any loaded machine room.
    expect(Date.now() - started).toBeLessThan(30_000)
  }, 150_000)
})
