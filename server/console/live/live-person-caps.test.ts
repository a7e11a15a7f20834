// One person's share of the live streams: a few streams and a few dozen watched ids, so one person's
// browsers (or a script of theirs) cannot use up what everyone shares; and a new stream resumes
// from `?last_event_id=` as a reconnect does from the header.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LiveStreamStats } from '../../../src/api/contract/live-schemas'
import { expectProblem } from '../test-support/console-app'
import { COMPLETES, callEvent, isSnapshot, type LiveTestbed, startLiveTestbed } from '../test-support/live-testbed'

let bed: LiveTestbed

beforeAll(async () => {
  bed = await startLiveTestbed({ VOICE_SIM_SPEED: '1' })
}, 60_000)
afterEach(() => bed.closeConsoles())
afterAll(() => bed?.stop())

const ids = (prefix: string, count: number) =>
  `?${Array.from({ length: count }, (_, n) => `call_id=${prefix}_${n}`).join('&')}`

async function expectRefusal(response: Response, reason: string) {
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('30')
  const body = (await expectProblem(response, 429)) as { detail: string; reason?: string }
  expect(body.reason).toBe(reason)
  expect(body.detail).toMatch(/this page checks for changes itself/)
}

describe("one person's live streams", () => {
  it('refuses a stream past the per-person cap with Retry-After, while another person still connects', async () => {
    const { app, connect } = await bed.liveConsole({ limits: { streamsPerPerson: 2 } })
    const mine = [await connect(), await connect()]
    await Promise.all(mine.map((client) => client.next(isSnapshot)))
    // Another browser of the same person: a session of its own, the same person.
    await expectRefusal(await app.request('/api/console/events', { cookie: await signedIn(app) }), 'person-streams')

    await app.addUser('manager@example.com', 'manager')
    const other = await connect('', {}, await app.signIn('manager@example.com'))
    expect(other.status).toBe(200)
    await other.next(isSnapshot)
  })

  it('refuses watching more ids than the per-person cap, summed over their streams, leaving others their share', async () => {
    const { app, connect } = await bed.liveConsole({ limits: { watchesPerPerson: 30, viewersPerCall: 3 } })
    const first = await connect(ids('made_up', 20))
    await first.next(isSnapshot)
    const past = await app.request(`/api/console/events${ids('more', 11)}`, { cookie: await signedIn(app) })
    await expectRefusal(past, 'person-watches')
    const within = await connect(ids('more', 10))
    expect(within.status).toBe(200)

    await app.addUser('manager@example.com', 'manager')
    const other = await connect(ids('made_up', 20), {}, await app.signIn('manager@example.com'))
    expect(other.status).toBe(200)
    await other.next(isSnapshot)
  })

  it('counts the streams by person for admins only', async () => {
    const { app, connect, cookie } = await bed.liveConsole()
    await Promise.all([connect(ids('a', 2)), connect()].map(async (opening) => (await opening).next(isSnapshot)))
    await expectProblem(await app.request('/api/console/events/stats', { cookie }), 403)
    await app.addUser('admin@example.com', 'admin')
    const res = await app.request('/api/console/events/stats', { cookie: await app.signIn('admin@example.com') })
    const stats = (await res.json()) as LiveStreamStats
    expect(stats.streams).toBe(2)
    expect(stats.people).toEqual([{ person: expect.any(String), streams: 2, watchedIds: 2 }])
  })

  it('resumes a new stream from ?last_event_id= with the events it missed, and refuses a malformed one', async () => {
    const { app, cookie, connect } = await bed.liveConsole({ pollMs: 100 })
    const stayer = await connect()
    const snapshot = await stayer.next(isSnapshot)
    const callId = await bed.placeCall(COMPLETES)
    const missed = await stayer.next(callEvent(callId))
    const back = await connect(`?last_event_id=${encodeURIComponent(snapshot.id ?? '')}`)
    expect(await back.next(callEvent(callId))).toEqual(missed)
    expect(back.events.map((event) => event.event)).not.toContain('snapshot')
    await expectProblem(await app.request('/api/console/events?last_event_id=a%20b', { cookie }), 400)
  })
})

/** The support user's session again, as a second browser of theirs would hold. */
const signedIn = (app: { signIn(email: string): Promise<string> }) => app.signIn('support@example.com')
