// The notice listener on a real PostgreSQL database (the suite's PostgreSQL project): notices by channel, a
// connection killed by the server and taken up again, and a close that never hangs, even on a server out of reach.
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../../shared/test-support/eventually'
import { freePort } from '../../test-support/free-port'
import { onPostgres, testStoreLocation } from '../../test-support/test-store'
import { listenForNotices, type NoticeListener, sendNotice } from './notice-listener'

const NAME = 'console notice test'

describe.skipIf(!onPostgres())('the PostgreSQL notice listener', () => {
  let url: string
  let db: Kysely<unknown>
  const listeners: NoticeListener[] = []

  beforeEach(async () => {
    url = await testStoreLocation()
    db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) })
  })
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()))
    await db.destroy()
  })

  const listen = (options: Omit<Parameters<typeof listenForNotices>[0], 'url'>) => {
    const listener = listenForNotices({ url, name: NAME, ...options })
    listeners.push(listener)
    return listener
  }
  let adminClient: pg.Client | null = null
  const admin = async () => {
    if (adminClient) return adminClient
    adminClient = new pg.Client({ connectionString: url })
    await adminClient.connect()
    return adminClient
  }
  afterEach(async () => {
    await adminClient?.end()
    adminClient = null
  })
  /** This database's connections of the listener, as the server sees them. */
  const backends = async () =>
    (
      await (
        await admin()
      ).query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
        [NAME],
      )
    ).rows

  it('hands each notice to its channel’s handler, with its payload, once LISTEN is in place', async () => {
    const heard: string[] = []
    let listening = 0
    const listener = listen({
      channels: {
        first_channel: (payload) => heard.push(`first ${payload}`),
        second_channel: () => heard.push('second'),
      },
      onListening: () => {
        listening += 1
      },
    })
    await eventually(() => expect(listener.listening()).toBe(true))
    expect(listening).toBe(1)
    await sendNotice(db, 'first_channel', '41')
    await sendNotice(db, 'other_channel', 'not ours')
    await sendNotice(db, 'second_channel')
    await eventually(() => expect(heard).toEqual(['first 41', 'second']))
  })

  it('sends a notice written in a transaction when it commits, and never when it rolls back', async () => {
    const heard: string[] = []
    const listener = listen({ channels: { tx_channel: (payload) => heard.push(payload) } })
    await eventually(() => expect(listener.listening()).toBe(true))
    await db
      .transaction()
      .execute(async (tx) => {
        await sendNotice(tx, 'tx_channel', 'rolled back')
        throw new Error('roll back')
      })
      .catch(() => {})
    await db.transaction().execute(async (tx) => {
      await sendNotice(tx, 'tx_channel', 'committed')
      // Not heard before the commit.
      expect(heard).toEqual([])
    })
    await eventually(() => expect(heard).toEqual(['committed']))
  })

  it('refuses a payload that is more than an id', async () => {
    await expect(sendNotice(db, 'any_channel', 'x'.repeat(201))).rejects.toThrow(/an id/)
  })

  it('takes its connection up again after the server ends it, says so, and hears notices sent after', async () => {
    const heard: string[] = []
    const lost: unknown[] = []
    let listening = 0
    const listener = listen({
      channels: { back_channel: (payload) => heard.push(payload) },
      onListening: () => {
        listening += 1
      },
      onLost: (error) => lost.push(error),
    })
    await eventually(() => expect(listener.listening()).toBe(true))
    const [before] = await backends()
    expect(before).toBeDefined()
    await (await admin()).query('select pg_terminate_backend($1)', [before?.pid])
    await eventually(() => expect(lost).toHaveLength(1))
    await eventually(() => expect(listening).toBe(2))
    const after = await backends()
    expect(after).toHaveLength(1)
    expect(after[0]?.pid).not.toBe(before?.pid)
    await sendNotice(db, 'back_channel', 'after')
    await eventually(() => expect(heard).toEqual(['after']))
    // One episode, one report.
    expect(lost).toHaveLength(1)
  })

  it('stops for good when closed: no connection is left or made again', async () => {
    const listener = listen({ channels: { closing_channel: () => {} }, retryMs: 10 })
    await eventually(() => expect(listener.listening()).toBe(true))
    await listener.close()
    expect(listener.listening()).toBe(false)
    await eventually(async () => expect(await backends()).toHaveLength(0))
  })

  it('closes at once while the server cannot be reached, having said so once', async () => {
    const lost: unknown[] = []
    const port = await freePort()
    const listener = listenForNotices({
      url: `postgres://nobody@127.0.0.1:${port}/nothing`,
      channels: { nowhere: () => {} },
      onLost: (error) => lost.push(error),
      retryMs: 10,
      maxRetryMs: 20,
      connectTimeoutMs: 60_000,
    })
    await eventually(() => expect(lost).toHaveLength(1))
    // Several attempts later, still one report.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(lost).toHaveLength(1)
    const started = Date.now()
    await listener.close()
    // Not a measure of speed: a close that waited on the unreachable server would take the connect timeout (60 s
    // here, 5 s in production), and half of it leaves any loaded machine room.
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(listener.listening()).toBe(false)
  }, 90_000)

  it('refuses a channel that is not a plain identifier', () => {
    expect(() => listenForNotices({ url, channels: { 'live; drop table x': () => {} } })).toThrow(/identifier/)
  })
})
