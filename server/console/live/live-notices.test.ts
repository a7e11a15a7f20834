// Live events pushed by PostgreSQL's notices between two console instances on one database (the suite's
// PostgreSQL project; SQLite has no notices and keeps its timed reads, live-cluster.test.ts). The tables' timed
// reads are given minutes here, so whatever reaches the other instance sooner came by a notice; and when the
// instance's notice connection is killed, the events written meanwhile come once it is back, in order, once, or
// sooner by the short timed read it falls back on while it cannot hear.
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eventually } from '../../shared/test-support/eventually'
import { callEvent, FAILS_AT_ONCE, isSnapshot, type LiveTestbed, startLiveTestbed } from '../test-support/live-testbed'
import type { ReadEvent } from '../test-support/sse-client'
import { onPostgres } from '../test-support/test-store'
import type { CLUSTER_TIMINGS } from './cluster-hub'

// Far past every wait below: a delivery within it was not the timed read's.
const SAFETY_NET_MS = 120_000
// Long enough that a call placed and failed is written while the killed connection is still down.
const RETRY_MS = 15_000

let bed: LiveTestbed

describe.skipIf(!onPostgres())('live events across two instances, pushed by PostgreSQL', () => {
  beforeAll(async () => {
    bed = await startLiveTestbed({ VOICE_SIM_SPEED: '1' })
  }, 60_000)
  afterEach(() => bed.closeConsoles(), 30_000)
  afterAll(() => bed?.stop())

  type Instance = Awaited<ReturnType<LiveTestbed['clusterConsoles']>>[number]
  /** Two instances whose tables are read by the timer only once, at their start. */
  async function twoInstances(noticeRetryMs?: number, timings: Partial<typeof CLUSTER_TIMINGS> = {}) {
    const startedAt = Date.now()
    const logged: string[] = []
    const record = (entry: Record<string, unknown>) => logged.push(String(entry.msg))
    const instances = await bed.clusterConsoles(2, {
      logger: { info: record, error: record },
      pollMs: 100,
      // The board's own list is not read either: the call placed reaches the holder through live_placed alone.
      discoveryMs: SAFETY_NET_MS,
      timings: { safetyNetMs: SAFETY_NET_MS, tailMs: SAFETY_NET_MS, syncMs: SAFETY_NET_MS, ...timings },
      noticeRetryMs,
    })
    await expect.poll(() => instances.filter((one) => one.hub.polling()).length, { timeout: 15_000 }).toBe(1)
    const holder = instances.find((one) => one.hub.polling())
    const other = instances.find((one) => !one.hub.polling())
    if (!holder || !other) throw new Error('one holder expected')
    // Named as the testbed names them: `instance-<n>`, the order they were opened in.
    const nameOf = (instance: Instance) => `console instance-${instances.indexOf(instance)}`
    const noticeLines = () => logged.filter((line) => line.includes('notices'))
    return { holder, other, startedAt, nameOf, noticeLines }
  }
  const placeThrough = async (instance: Instance, destination: string) => {
    const placed = await instance.app.request('/api/v1/voice/calls', {
      cookie: instance.cookie,
      headers: { 'idempotency-key': `notices-${Date.now()}-${Math.random()}` },
      json: { caller_id: bed.callerId, destination },
    })
    expect(placed.status).toBe(201)
    return ((await placed.json()) as { call_id: string }).call_id
  }
  /** Runs `work` on a connection of the instances' database of its own. */
  async function withAdmin<T>(instance: Instance, work: (admin: pg.Client) => Promise<T>): Promise<T> {
    const admin = new pg.Client({ connectionString: instance.location })
    await admin.connect()
    try {
      return await work(admin)
    } finally {
      await admin.end()
    }
  }
  /** The backends of the connections named `name` in the instances' database, as PostgreSQL sees them. */
  const noticeConnections = (instance: Instance, name: string) =>
    withAdmin(instance, async (admin) => {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
        [name],
      )
      return rows.map((row) => row.pid)
    })
  const seqOf = (event: ReadEvent) => Number(/(\d+)$/.exec(event.id ?? '')?.[1])

  it('brings an event of a call placed on one instance to a stream on the other, before any timed read', async () => {
    const { holder, other, startedAt } = await twoInstances()
    const onHolder = await holder.connect()
    const onOther = await other.connect()
    await Promise.all([onHolder, onOther].map((client) => client.next(isSnapshot)))

    // Placed on the instance that does not poll: its notice of live_placed wakes the holder, whose notice of
    // live_events wakes the first instance's stream.
    const first = await placeThrough(other, FAILS_AT_ONCE)
    for (const client of [onOther, onHolder]) {
      const event = await client.next(callEvent(first), 30_000)
      expect(event.data).toMatchObject({ onBoard: true, placedBy: { email: 'support@example.com' } })
    }
    // Placed on the holder, seen on the other instance's stream.
    const second = await placeThrough(holder, FAILS_AT_ONCE)
    await onOther.next(callEvent(second), 30_000)
    await onOther.next(callEvent(second, 'DIALER_FAILED'), 30_000)
    // Within the first minute of two whose tables were read only at their start and at each stream's opening.
    expect(Date.now() - startedAt).toBeLessThan(SAFETY_NET_MS)
  }, 100_000)

  it('takes the notice connection up again after PostgreSQL ends it, and delivers what was written meanwhile in order, once', async () => {
    const { holder, other, startedAt, nameOf, noticeLines } = await twoInstances(RETRY_MS)
    const onHolder = await holder.connect()
    const onOther = await other.connect()
    await Promise.all([onHolder, onOther].map((client) => client.next(isSnapshot)))
    const name = nameOf(other)
    const [before] = await eventually(async () => {
      const pids = await noticeConnections(other, name)
      expect(pids).toHaveLength(1)
      return pids
    })
    await withAdmin(other, (admin) => admin.query('select pg_terminate_backend($1)', [before]))
    await eventually(async () => expect(await noticeConnections(other, name)).toHaveLength(0))

    const callId = await placeThrough(holder, FAILS_AT_ONCE)
    await onHolder.next(callEvent(callId, 'DIALER_FAILED'), 30_000)
    // Written while the other instance could hear no notice: its connection is not back yet.
    expect(await noticeConnections(other, name)).toHaveLength(0)
    expect(onOther.events.filter(callEvent(callId))).toEqual([])

    await onOther.next(callEvent(callId, 'DIALER_FAILED'), RETRY_MS + 30_000)
    const after = await noticeConnections(other, name)
    expect(after).toHaveLength(1)
    expect(after[0]).not.toBe(before)
    // The episode logged once as it began, and once as it ended.
    expect(noticeLines()).toEqual([
      'live: the store’s notices are lost; reading the tables every few hundred milliseconds until they are back',
      'live: the store’s notices are back',
    ])
    // The same events, with the same ids, in the same order, each once.
    const ofCall = (events: ReadEvent[]) => events.filter(callEvent(callId))
    expect(ofCall(onOther.events)).toEqual(ofCall(onHolder.events))
    const seqs = onOther.events.filter((event) => event.id).map(seqOf)
    expect(seqs).toEqual([...new Set(seqs)].sort((x, y) => x - y))
    expect(Date.now() - startedAt).toBeLessThan(SAFETY_NET_MS)

    // And the notices flow again: a call placed now reaches the other instance as before.
    const next = await placeThrough(holder, FAILS_AT_ONCE)
    await onOther.next(callEvent(next), 30_000)
    expect(Date.now() - startedAt).toBeLessThan(SAFETY_NET_MS)
  }, 120_000)

  it('reads the events on the safety net’s period while it hears notices, and every tailMs while it cannot', async () => {
    const { holder, other, nameOf } = await twoInstances(RETRY_MS, { tailMs: 100, syncMs: 100 })
    const onHolder = await holder.connect()
    const onOther = await other.connect()
    await Promise.all([onHolder, onOther].map((client) => client.next(isSnapshot)))
    const name = nameOf(other)
    await eventually(async () => expect(await noticeConnections(other, name)).toHaveLength(1))

    // Heard: two seconds of quiet are far fewer reads than the 20 a 100 ms period would make.
    const reads = vi.spyOn(other.store.liveCluster, 'eventsAfter')
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(reads.mock.calls.length).toBeLessThan(10)

    const [pid] = await noticeConnections(other, name)
    await withAdmin(other, (admin) => admin.query('select pg_terminate_backend($1)', [pid]))
    await eventually(async () => expect(await noticeConnections(other, name)).toHaveLength(0))
    const callId = await placeThrough(holder, FAILS_AT_ONCE)
    // Not heard, and not waited for until the connection is back (RETRY_MS): read by the short period.
    await onOther.next(callEvent(callId, 'DIALER_FAILED'), RETRY_MS)
    expect(await noticeConnections(other, name)).toHaveLength(0)
  }, 120_000)
})
