// The instance's one listening connection on a real PostgreSQL (the suite's PostgreSQL project): the sessions kept in
// memory and the live hub listen over the same connection, each hearing its own channels; a listener that joins
// late is told LISTEN is in place, and one that leaves hears nothing more.
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../../shared/test-support/eventually'
import { keptSession } from '../../test-support/kept-session'
import { onPostgres, testStoreLocation } from '../../test-support/test-store'
import { type ConsoleStore, openStore } from '..'
import { LIVE_NOTICE_CHANNELS } from '../notices'
import { sendNotice } from './notice-listener'

const NAME = 'console shared-notices test'
let store: ConsoleStore | null = null
afterEach(async () => {
  await store?.close()
  store = null
})

/** The backends of the connections named NAME in the store's database, as PostgreSQL sees them. */
async function connectionsNamed(location: string): Promise<number> {
  const admin = new pg.Client({ connectionString: location })
  await admin.connect()
  try {
    const { rowCount } = await admin.query(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [NAME],
    )
    return rowCount ?? 0
  } finally {
    await admin.end()
  }
}

describe.runIf(onPostgres())('one listening connection per instance (PostgreSQL)', () => {
  it('serves the sessions and the live hub over one connection, each hearing its own channel', async () => {
    const location = await testStoreLocation()
    const opened = await openStore(location, undefined, {
      connections: 2,
      watchSessions: true,
      noticeConnection: { name: NAME },
    })
    store = opened
    const notices = opened.notices
    if (!notices) throw new Error('PostgreSQL has notices')
    const heard: string[] = []
    let listening = 0
    // As the live hub listens, after the sessions did at the store's opening.
    const live = notices.listen({
      channels: { [LIVE_NOTICE_CHANNELS.events]: (seq) => heard.push(seq) },
      onListening: () => {
        listening += 1
      },
    })
    // Joined while the connection listened already: told so, once.
    await eventually(() => expect(listening).toBe(1))
    expect(live.listening()).toBe(true)
    expect(await connectionsNamed(location)).toBe(1)

    await sendNotice(opened.db, LIVE_NOTICE_CHANNELS.events, '7')
    await eventually(() => expect(heard).toEqual(['7']))
    // A person's change reaches the sessions over the same connection: a kept session is forgotten.
    const { userId: id } = await keptSession(opened)
    const admin = new pg.Client({ connectionString: location })
    await admin.connect()
    await admin.query(`update users set role = 'manager' where id = $1`, [id]).finally(() => admin.end())
    await eventually(() => expect(opened.sessions.findKept('hash-1')).toBeUndefined())
    // The live hub's channel heard nothing of it.
    expect(heard).toEqual(['7'])

    // A listener that leaves hears nothing more; the connection stays for the others.
    await live.close()
    expect(live.listening()).toBe(false)
    await sendNotice(opened.db, LIVE_NOTICE_CHANNELS.events, '8')
    await opened.sessions.find('hash-1')
    await sendNotice(opened.db, 'console_session_changes', '')
    await eventually(() => expect(opened.sessions.findKept('hash-1')).toBeUndefined())
    expect(heard).toEqual(['7'])
    expect(await connectionsNamed(location)).toBe(1)

    await opened.close()
    store = null
    await eventually(async () => expect(await connectionsNamed(location)).toBe(0))
  })

  it('refuses a channel that is not one of the console’s', async () => {
    const opened = await openStore(await testStoreLocation(), undefined, { connections: 2 })
    store = opened
    expect(() => opened.notices?.listen({ channels: { someone_elses: () => {} } })).toThrow(/channel of the console/)
  })

  it('opens no connection for a store nobody listens through (the CLI)', async () => {
    const location = await testStoreLocation()
    store = await openStore(location, undefined, { connections: 2, noticeConnection: { name: NAME } })
    await store.users.count()
    expect(await connectionsNamed(location)).toBe(0)
  })
})
