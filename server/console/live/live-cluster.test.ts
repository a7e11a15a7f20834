// The status hub shared by two console instances on one store (a SQLite file, or a PostgreSQL database),
// each with its own connections and its own viewers, in front of the real simulator at real speed with a
// counting proxy between: one instance polls for both, and every viewer on either sees every update.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LivePause, LiveSnapshot } from '../../../src/api/contract/live-schemas'
import {
  COMPLETES,
  callEvent,
  FAILS_AT_ONCE,
  isSnapshot,
  type LiveTestbed,
  startLiveTestbed,
} from '../test-support/live-testbed'
import type { ReadEvent } from '../test-support/sse-client'

const POLL_MS = 100

let bed: LiveTestbed

beforeAll(async () => {
  bed = await startLiveTestbed({ VOICE_SIM_SPEED: '1' })
}, 60_000)
afterEach(() => bed.closeConsoles(), 30_000)
afterAll(() => bed?.stop())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const twoInstances = async (settings: Parameters<LiveTestbed['clusterConsoles']>[1] = {}) => {
  const [a, b] = await bed.clusterConsoles(2, { pollMs: POLL_MS, ...settings })
  if (!a || !b) throw new Error('two instances expected')
  return { a, b }
}
/** Which of the two polls, once one of them has taken the lease. */
async function holderOf<T extends { hub: { polling(): boolean } }>(instances: T[]) {
  await expect.poll(() => instances.filter((one) => one.hub.polling()).length, { timeout: 10_000 }).toBe(1)
  const holder = instances.find((one) => one.hub.polling())
  const other = instances.find((one) => !one.hub.polling())
  if (!holder || !other) throw new Error('one holder expected')
  return { holder, other }
}
const seqOf = (event: ReadEvent) => Number(/(\d+)$/.exec(event.id ?? '')?.[1])
type Instance = Awaited<ReturnType<LiveTestbed['clusterConsoles']>>[number]
const placeThrough = async (instance: Instance, destination: string) => {
  const placed = await instance.app.request('/api/v1/voice/calls', {
    cookie: instance.cookie,
    headers: { 'idempotency-key': `cluster-${Date.now()}-${Math.random()}` },
    json: { caller_id: bed.callerId, destination },
  })
  expect(placed.status).toBe(201)
  return ((await placed.json()) as { call_id: string }).call_id
}

describe('the live hub across two instances', () => {
  it('polls a call watched on both instances once per poll interval in total, from one instance', async () => {
    const callId = await bed.placeCall(COMPLETES)
    const { a, b } = await twoInstances({ limits: { streamsPerPerson: 10 } })
    const clients = [
      ...(await Promise.all([1, 2].map(() => a.connect(`?call_id=${callId}`)))),
      ...(await Promise.all([1, 2].map(() => b.connect(`?call_id=${callId}`)))),
    ]
    for (const client of clients) {
      const snapshot = await client.next(isSnapshot)
      expect((snapshot.data as LiveSnapshot).calls.map((c) => c.call.call_id)).toContain(callId)
    }
    expect([a, b].filter((one) => one.hub.polling())).toHaveLength(1)
    const from = Date.now()
    await sleep(30 * POLL_MS)
    const to = Date.now()
    const polls = bed.proxy.statusPolls(callId).filter((poll) => poll.at >= from && poll.at < to)
    console.info(`cluster: ${polls.length} status polls of one call in ${to - from} ms, 4 viewers on 2 instances`)
    expect(polls.length).toBeLessThanOrEqual(Math.floor((to - from) / POLL_MS) + 1)
    expect(polls.length).toBeGreaterThan(3)
  })

  it('gives viewers on the instance that does not poll every change, and puts a call placed there on the other’s board', async () => {
    const { a, b } = await twoInstances({ discoveryMs: 60_000 })
    const { holder, other } = await holderOf([a, b])
    const onHolder = await holder.connect()
    const onOther = await other.connect()
    await Promise.all([onHolder, onOther].map((client) => client.next(isSnapshot)))
    const from = Date.now()

    // Placed through the instance that does not poll: the holder hears of it from the store.
    const callId = await placeThrough(other, FAILS_AT_ONCE)
    for (const client of [onHolder, onOther]) {
      // Within half the minute the other's list waits: only the store's news brings it that soon (a bound, not a
      // timing: a loaded machine's seconds are no failure).
      const first = await client.next(callEvent(callId), 30_000)
      expect(first.data).toMatchObject({ onBoard: true, placedBy: { email: 'support@example.com' } })
    }
    console.info(`cluster: a call placed on the other instance reached both boards in ${Date.now() - from} ms`)
    await Promise.all([onHolder, onOther].map((client) => client.next(callEvent(callId, 'DIALER_FAILED'), 30_000)))
    // The same events, with the same ids, on both.
    const ofCall = (events: ReadEvent[]) => events.filter(callEvent(callId))
    expect(ofCall(onOther.events)).toEqual(ofCall(onHolder.events))
    expect(ofCall(onOther.events).map((event) => (event.data as { call: { status: string } }).call.status)).toContain(
      'DIALER_FAILED',
    )
  })

  it('gives a new viewer on the instance that does not poll a snapshot with the board', async () => {
    const { a, b } = await twoInstances()
    const { holder, other } = await holderOf([a, b])
    const keeper = await holder.connect()
    await keeper.next(isSnapshot)
    const callId = await placeThrough(holder, COMPLETES)
    await keeper.next(callEvent(callId))
    const late = await other.connect()
    const snapshot = (await late.next(isSnapshot)).data as LiveSnapshot
    expect(snapshot.calls.find((entry) => entry.call.call_id === callId)).toMatchObject({
      onBoard: true,
      placedBy: { email: 'support@example.com' },
    })
  })

  it('tells viewers on the instance that does not poll of the tally and of a pause, and keeps both in its snapshots', async () => {
    const { a, b } = await twoInstances()
    const { other } = await holderOf([a, b])
    const viewer = await other.connect()
    // The first count may come back before the snapshot (in it) or after (an event).
    const counted = (event: ReadEvent) =>
      event.event === 'tally' || (isSnapshot(event) && (event.data as LiveSnapshot).tally !== null)
    await viewer.next(counted, 10_000)
    bed.proxy.throttleNext(2)
    const paused = (await viewer.next((event) => event.event === 'paused', 30_000)).data as LivePause
    expect(paused.retryAfterSeconds).toBe(2)
    const late = await other.connect()
    const snapshot = (await late.next(isSnapshot)).data as LiveSnapshot
    expect(snapshot.paused).toEqual(paused)
    expect(snapshot.tally).toMatchObject({ completed: expect.any(Number), failed: expect.any(Number) })
    await viewer.next((event) => event.event === 'resumed', 10_000)
  })

  it('resumes on instance B after the Last-Event-ID of instance A, with no gap and no duplicate', async () => {
    const { a, b } = await twoInstances()
    const stayer = await a.connect()
    await stayer.next(isSnapshot)
    const leaver = await a.connect()
    const snapshot = await leaver.next(isSnapshot)
    await leaver.close()

    const callId = await bed.placeCall(FAILS_AT_ONCE)
    await stayer.next(callEvent(callId, 'DIALER_FAILED'), 10_000)
    const back = await b.connect('', { 'last-event-id': snapshot.id ?? '' })
    const last = await back.next(callEvent(callId, 'DIALER_FAILED'))
    expect(back.events.map((event) => event.event)).not.toContain('snapshot')
    const missed = stayer.events.filter((event) => seqOf(event) > seqOf(snapshot) && seqOf(event) <= seqOf(last))
    const replayed = back.events.filter((event) => seqOf(event) <= seqOf(last))
    expect(replayed.length).toBeGreaterThan(0)
    expect(replayed).toEqual(missed)
    expect(new Set(back.events.map(seqOf)).size).toBe(back.events.length)

    const stranger = await b.connect('', { 'last-event-id': 'another-boot-7' })
    expect((await stranger.next(() => true)).event).toBe('snapshot')
  })

  it("holds one person's caps over both instances", async () => {
    const { a, b } = await twoInstances({ limits: { streamsPerPerson: 2, watchesPerPerson: 3 } })
    const first = await a.connect('?call_id=made_up_1&call_id=made_up_2')
    const second = await b.connect()
    expect([first.status, second.status]).toEqual([200, 200])
    const third = await b.app.request('/api/console/events', { cookie: await b.app.signIn('support@example.com') })
    expect(third.status).toBe(429)
    expect(((await third.json()) as { reason: string }).reason).toBe('person-streams')
    await second.close()
    await expect
      .poll(async () => (await b.hub.people()).reduce((sum, person) => sum + person.streams, 0), { timeout: 5_000 })
      .toBe(1)
    const tooMany = await b.app.request('/api/console/events?call_id=x1&call_id=x2', { cookie: b.cookie })
    expect(tooMany.status).toBe(429)
    expect(((await tooMany.json()) as { reason: string }).reason).toBe('person-watches')
    expect((await b.connect('?call_id=x1')).status).toBe(200)
  })

  it("lets a dead instance's streams lapse: nothing is polled for them, and their person may open others", async () => {
    const { a, b } = await twoInstances({
      timings: { streamTtlMs: 2_000, streamHeartbeatMs: 500 },
      limits: { streamsPerPerson: 1 },
    })
    const { holder, other } = await holderOf([a, b])
    const viewer = await other.connect()
    await viewer.next(isSnapshot)
    expect((await holder.app.request('/api/console/events', { cookie: holder.cookie })).status).toBe(429)

    const diedAt = Date.now()
    await other.store.close()
    // Its row outlives its last heartbeat by the TTL; then the holder has nobody to poll for.
    await expect
      .poll(() => holder.hub.stats().trackedCalls === 0 && (bed.proxy.seen.at(-1)?.at ?? 0) < Date.now() - 1_000, {
        timeout: 10_000,
      })
      .toBe(true)
    console.info(`cluster: a dead instance's streams lapsed ${Date.now() - diedAt - 1_000} ms after it died`)
    const again = await holder.connect()
    expect(again.status).toBe(200)
    await again.next(isSnapshot)
  })

  it('moves polling to the other instance within 5 s when the holder closes, and when it dies', async () => {
    const instances = await bed.clusterConsoles(3, { pollMs: POLL_MS })
    const first = await holderOf(instances)
    const watchers = await Promise.all(instances.map((one) => one.connect()))
    await Promise.all(watchers.map((client) => client.next(isSnapshot)))
    // Never two pollers at once, through both handovers.
    let mostPolling = 0
    const sampler = setInterval(() => {
      mostPolling = Math.max(mostPolling, instances.filter((one) => one.hub.polling()).length)
    }, 10)
    // Whoever polls asks for the calls in flight every two poll intervals while anyone watches.
    const requestsSince = (at: number) => bed.proxy.seen.filter((request) => request.at > at).length

    // Closed: the lease is handed over at once.
    const closedAt = Date.now()
    await first.holder.hub.close()
    const survivors = instances.filter((one) => one !== first.holder)
    const second = await holderOf(survivors)
    await expect.poll(() => requestsSince(closedAt)).toBeGreaterThan(0)
    const handedOver = Date.now() - closedAt
    console.info(`cluster: polling moved ${handedOver} ms after the holder closed`)
    expect(handedOver).toBeLessThan(5_000)

    // Dead: its store is gone, so it renews nothing and stops before its lease expires; the survivor
    // takes the lease once it has.
    const viewer = watchers[instances.indexOf(second.other)]
    const before = viewer?.events.length ?? 0
    const latest = Math.max(...(viewer?.events ?? []).map(seqOf))
    const diedAt = Date.now()
    await second.holder.store.close()
    await expect.poll(() => second.other.hub.polling(), { timeout: 10_000, interval: 50 }).toBe(true)
    const tookOverAt = Date.now()
    console.info(`cluster: polling moved ${tookOverAt - diedAt} ms after the holder died`)
    expect(tookOverAt - diedAt).toBeLessThan(5_000)
    await expect.poll(() => requestsSince(tookOverAt), { timeout: 5_000 }).toBeGreaterThan(0)
    // Its viewers go on getting events, with ids that keep counting up.
    const callId = await placeThrough(second.other, FAILS_AT_ONCE)
    await viewer?.next(callEvent(callId), 30_000)
    clearInterval(sampler)
    expect(mostPolling).toBe(1)
    expect(viewer?.events.length).toBeGreaterThan(before)
    expect(seqOf(viewer?.events.at(-1) as ReadEvent)).toBeGreaterThan(latest)
  }, 40_000)
})

describe('a live stream when its person changes, on either instance', () => {
  // A heartbeat that never comes within the test: only the sweep (stream-sweep.ts) can end the streams.
  const slowHeartbeat = { heartbeatMs: 600_000 }
  /** Resolves true if the stream has closed within `ms`. */
  const closesWithin = (client: { closed: Promise<void> }, ms: number) =>
    Promise.race([client.closed.then(() => true), sleep(ms).then(() => false)])

  const withAdmin = async (instance: Instance) => {
    await instance.app.addUser('admin@example.com', 'admin')
    const admin = await instance.app.signIn('admin@example.com')
    const users = (await (await instance.app.request('/api/console/users', { cookie: admin })).json()) as {
      users: { id: string; email: string }[]
    }
    const support = users.users.find((user) => user.email === 'support@example.com')?.id ?? ''
    return { admin, support }
  }

  it('ends on both instances at once when the person is deactivated', async () => {
    // Instance a never sweeps within the test: its stream can end only because a itself made the change.
    const { a, b } = await twoInstances({ ...slowHeartbeat, sweepMs: [600_000, 1_000] })
    const { admin, support } = await withAdmin(a)
    const here = await a.connect()
    const there = await b.connect()
    await here.next(isSnapshot)
    await there.next(isSnapshot)
    const res = await a.app.request(`/api/console/users/${support}/deactivate`, { method: 'POST', cookie: admin })
    expect(res.status).toBe(200)
    // On the instance that made the change: at once, without waiting for a sweep.
    expect(await closesWithin(here, 5_000)).toBe(true)
    // On the other: at its next sweep, a second at most, with room for a loaded machine.
    expect(await closesWithin(there, 5_000)).toBe(true)
  })

  it('ends on the other instance when the role changes, and when the session signs out', async () => {
    const { a, b } = await twoInstances(slowHeartbeat)
    const { admin, support } = await withAdmin(a)
    const demoted = await b.connect()
    await demoted.next(isSnapshot)
    const res = await a.app.request(`/api/console/users/${support}/role`, {
      method: 'PUT',
      cookie: admin,
      json: { role: 'manager' },
    })
    expect(res.status).toBe(200)
    expect(await closesWithin(demoted, 5_000)).toBe(true)

    // A new stream (the page reconnects with the new role) stays open, until the session signs out.
    const again = await b.connect()
    await again.next(isSnapshot)
    expect(await closesWithin(again, 1_500)).toBe(false)
    expect((await a.app.request('/api/console/sign-out', { method: 'POST', cookie: b.cookie })).status).toBe(204)
    // b.cookie's session was started on b; signed out through a, it ends on b within a sweep.
    expect(await closesWithin(again, 5_000)).toBe(true)
  })
})
