// The status hub in front of a voice service we did not write (the quirks upstream): when it cannot read
// the list of calls in flight (an outage, an HTML 500, a 200 it cannot read) it says so in the stream,
// once, and says when it reads it again; the last hour's tally stops on odd cursors instead of paging
// for ever, and reads a missing or empty `next_cursor` as the last page.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { LiveEventName, LiveSnapshot, LiveTally, LiveTrouble } from '../../../src/api/contract/live-schemas'
import type { Logger } from '../http/request-log'
import { createTestConsole } from '../test-support/console-app'
import { QUIRK_CALL_IDS } from '../test-support/quirks-catalogue'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import { openSse, type ReadEvent, type SseClient } from '../test-support/sse-client'
import { openTestStore } from '../test-support/test-store'
import { createLiveHub, type LiveHub } from './live-hub'
import { createLiveUpstream } from './live-upstream'

let quirks: QuirksUpstream
const opened: { hub: LiveHub; clients: SseClient[] }[] = []

beforeAll(async () => {
  quirks = await startQuirksUpstream()
})
beforeEach(() => quirks.reset())
afterEach(async () => {
  for (const { hub, clients } of opened.splice(0)) {
    await Promise.all(clients.map((client) => client.close()))
    await hub.close()
  }
})
afterAll(() => quirks?.close())

async function watchBoard(settings: { tallyMs?: number } = {}) {
  const store = await openTestStore()
  const logged: Record<string, unknown>[] = []
  const logger: Logger = { info: (entry) => logged.push(entry), error: (entry) => logged.push(entry) }
  const hub = createLiveHub({
    upstream: createLiveUpstream({ upstream: quirks.url, apiKey: 'quirks-key' }),
    ownersOf: (ids) => store.callOwners.ownersOf(ids),
    pollMs: 100,
    upstreamRps: 1_000,
    logger,
    limits: { tallyMs: settings.tallyMs ?? 30_000 },
  })
  const app = await createTestConsole({ store, upstream: quirks.url, apiKey: 'quirks-key', liveHub: hub })
  await app.addUser('support@example.com', 'support')
  const cookie = await app.signIn('support@example.com')
  const client = await openSse(await app.request('/api/console/events', { cookie }))
  opened.push({ hub, clients: [client] })
  const snapshot = (await client.next((event) => event.event === 'snapshot')).data as LiveSnapshot
  return { client, snapshot, logged }
}

const named = (name: LiveEventName) => (event: ReadEvent) => event.event === name
const ringingOnBoard = (snapshot: LiveSnapshot) =>
  snapshot.calls.some((entry) => entry.call.call_id === QUIRK_CALL_IDS.ringing && entry.onBoard)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the board when the service cannot be read', () => {
  it('shows the calls in flight and no trouble while the service answers', async () => {
    const { snapshot } = await watchBoard()
    expect(ringingOnBoard(snapshot)).toBe(true)
    expect(snapshot.trouble ?? null).toBeNull()
  })

  it('says the service fails during an outage, once, and says so again when it answers', async () => {
    quirks.set({ outage: true })
    const { client, snapshot, logged } = await watchBoard()
    expect(snapshot.trouble?.message).toMatch(/list of calls in flight failed: the service answered 500/)
    expect(snapshot.calls).toEqual([])
    // Many failed lists later, still one line in the log and no new event for the same failure.
    await sleep(1_000)
    expect(logged.filter((entry) => String(entry.msg).includes('cannot be read'))).toHaveLength(1)
    expect(client.events.filter(named('trouble'))).toHaveLength(0)

    quirks.reset()
    await client.next(named('recovered'))
    const ringing = await client.next(
      (event) =>
        event.event === 'call' && (event.data as { call: { call_id: string } }).call.call_id === QUIRK_CALL_IDS.ringing,
    )
    expect(ringing).toBeTruthy()
    expect(logged.filter((entry) => String(entry.msg).includes('is read again'))).toHaveLength(1)
  })

  it('tells viewers already watching when the lists start failing', async () => {
    const { client } = await watchBoard()
    quirks.set({ listFailure: 'html-500' })
    const trouble = (await client.next(named('trouble'))).data as LiveTrouble
    expect(trouble.message).toMatch(/answered 500/)
    expect(Date.parse(trouble.since)).not.toBeNaN()
  })

  it('says an answer it cannot read is one, not that the service is silent', async () => {
    quirks.set({ listFailure: 'unreadable-200' })
    const { snapshot } = await watchBoard()
    expect(snapshot.trouble?.message).toMatch(/came back in a form the console cannot read \(answered 200\)/)
  })
})

describe('the last hour’s tally against odd cursors', () => {
  const completedPages = () => quirks.seen.filter((line) => line.includes('status=DIALER_COMPLETED')).length

  for (const cursor of ['omitted', 'empty'] as const) {
    it(`reads a ${cursor} next_cursor as the last page: a complete count`, async () => {
      quirks.set({ cursor })
      const { client, snapshot } = await watchBoard()
      // The first count may be in before the snapshot goes out (then no tally event follows it).
      const tally = snapshot.tally ?? ((await client.next(named('tally'))).data as LiveTally)
      expect(tally.complete).toBe(true)
      expect(tally.completed).toBeGreaterThan(100)
    })
  }

  for (const cursor of ['loop', 'repeat', 'endless'] as const) {
    it(`stops a count within a few pages when the cursor quirk is ${cursor}: a lower bound, logged once an outcome`, async () => {
      quirks.set({ cursor })
      const before = completedPages()
      const { client, logged, snapshot } = await watchBoard({ tallyMs: 200 })
      const tally = snapshot.tally ?? ((await client.next(named('tally'))).data as LiveTally)
      expect(tally.complete).toBe(false)
      expect(completedPages() - before).toBeLessThanOrEqual(6)
      // Counts go on every 200 ms: the same episode is not logged again (a line an outcome at most).
      await sleep(1_000)
      const lines = logged.filter((entry) => entry.msg === 'live tally: a listing of the voice service was cut short')
      expect(lines.length).toBeGreaterThanOrEqual(1)
      expect(lines.length).toBeLessThanOrEqual(2)
    })
  }
})
