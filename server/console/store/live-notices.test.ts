// 0037 on PostgreSQL: the live tables' writes send their notices from triggers, on commit, whoever writes them; an
// event's notice carries its seq, and the heartbeat's delete that removed nothing sends none.
import { Migrator } from 'kysely/migration'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { onPostgres, openTestStore } from '../test-support/test-store'
import type { ConsoleStore } from '.'
import { migrationProviderFor } from './migrations'
import { LIVE_NOTICE_CHANNELS } from './notices'
import type { NoticeListener } from './postgres/notice-listener'

describe.skipIf(!onPostgres())('the live tables’ notices', () => {
  let store: ConsoleStore
  let listener: NoticeListener | undefined
  const heard: string[] = []

  beforeEach(async () => {
    heard.length = 0
    store = await openTestStore()
    let listening = false
    listener = store.notices?.listen({
      channels: Object.fromEntries(
        Object.entries(LIVE_NOTICE_CHANNELS).map(([kind, channel]) => [
          channel,
          (payload: string) => heard.push(`${kind} ${payload}`.trim()),
        ]),
      ),
      onListening: () => {
        listening = true
      },
    })
    await eventually(() => expect(listening).toBe(true))
  })
  afterEach(async () => {
    await listener?.close()
    await store.close()
  })

  it('tells of events appended (their last seq), a reset, the ready state, a placed call and streams', async () => {
    const event = { name: 'tally', callId: null, onBoard: false, data: '{}' }
    const last = await store.liveCluster.append([event, event, event], 1)
    // One insert, one notice: the batch's three, the last with the last seq.
    await eventually(() => expect(heard).toEqual([`events ${last - 2}`, `events ${last - 1}`, `events ${last}`]))
    heard.length = 0
    const reset = await store.liveCluster.reset(2)
    await store.liveCluster.setState('ready', '{}', 0)
    await store.liveCluster.notePlaced('call_1', '{}', 3)
    await store.liveCluster.notePlaced('call_1', '{}', 4)
    await store.liveCluster.openStream({ id: 's1', instance: 'i1', userId: 'u1', callIds: [] }, 5, 10_000)
    await store.liveCluster.closeStream('s1')
    await eventually(
      () => expect(heard).toEqual([`events ${reset}`, 'events', 'placed', 'placed', 'streams', 'streams']),
      5_000,
    )
  })

  it('sends none for writes that change nothing a listener waits for', async () => {
    await store.liveCluster.openStream({ id: 's1', instance: 'i1', userId: 'u1', callIds: [] }, 5, 10_000)
    await eventually(() => expect(heard).toEqual(['streams']))
    // The heartbeat renews rows and deletes none that lapsed; other states than `ready` are written with events.
    await store.liveCluster.renewStreams('i1', 6, 10_000)
    await store.liveCluster.setState('tally', '{}', 1)
    // A last notice that must come after them, so theirs would have come first.
    await store.liveCluster.closeStream('s1')
    await eventually(() => expect(heard).toEqual(['streams', 'streams']))
  })

  it('is taken away by its down migration and put back', async () => {
    const provider = migrationProviderFor(store.adapter)
    const names = Object.keys(await provider.getMigrations()).sort()
    const before = names[names.indexOf('0037_live_notices') - 1] ?? ''
    const migrator = new Migrator({ db: store.db, provider })
    const down = await migrator.migrateTo(before)
    expect(down.error).toBeUndefined()
    expect(down.results?.map((result) => result.migrationName)).toContain('0037_live_notices')
    await store.liveCluster.notePlaced('call_unheard', '{}', 1)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    await store.liveCluster.notePlaced('call_heard', '{}', 2)
    await eventually(() => expect(heard).toEqual(['placed']))
  })
})
