// The status hub in front of the quirks upstream, whose call reports a status the spec does not list
// (DIALER_VOICEMAIL): the hub asks for it slowly and a bounded number of times, never every poll
// interval for good, and does not put it on the board as a call in flight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiveSnapshot } from '../../../src/api/contract/live-schemas'
import { createTestConsole } from '../test-support/console-app'
import { QUIRK_CALL_IDS, UNKNOWN_STATUS } from '../test-support/quirks-catalogue'
import { type QuirksUpstream, startQuirksUpstream } from '../test-support/quirks-upstream'
import { openSse, type SseClient } from '../test-support/sse-client'
import { openTestStore } from '../test-support/test-store'
import { createLiveHub, type LiveHub } from './live-hub'
import { createLiveUpstream } from './live-upstream'

// The ringing call began minutes ago, so the hub polls it every 5 intervals (poll-delay.ts): 100 ms.
const POLL_MS = 20
const UNKNOWN_POLL_MS = 300
const UNKNOWN_CHECKS = 3

let quirks: QuirksUpstream
let hub: LiveHub
let client: SseClient

beforeAll(async () => {
  quirks = await startQuirksUpstream()
  const store = await openTestStore()
  hub = createLiveHub({
    upstream: createLiveUpstream({ upstream: quirks.url, apiKey: 'quirks-key' }),
    ownersOf: (ids) => store.callOwners.ownersOf(ids),
    pollMs: POLL_MS,
    upstreamRps: 1_000,
    limits: { unknownStatusPollMs: UNKNOWN_POLL_MS, unknownStatusChecks: UNKNOWN_CHECKS },
  })
  const app = await createTestConsole({ store, upstream: quirks.url, apiKey: 'quirks-key', liveHub: hub })
  await app.addUser('sam@example.com', 'support')
  const cookie = await app.signIn('sam@example.com')
  const ids = [QUIRK_CALL_IDS.unknownStatus, QUIRK_CALL_IDS.ringing].map((id) => `call_id=${id}`).join('&')
  client = await openSse(await app.request(`/api/console/events?${ids}`, { cookie }))
})
afterAll(async () => {
  await client?.close()
  hub?.close()
  await quirks?.close()
})

const statusPolls = (callId: string) =>
  quirks.seen.filter((line) => line === `GET /api/v1/voice/calls/${callId}/status`)

describe('a call whose status the spec does not list, watched live', () => {
  it('is asked for once a slow interval, a bounded number of times, then no more', async () => {
    // Paced by what the hub did rather than by the wall clock: on a busy machine (CI runs the browser tests beside
    // these) its timers come late, both calls' alike.
    const unknownPolls = () => statusPolls(QUIRK_CALL_IDS.unknownStatus).length
    const ringingPolls = () => statusPolls(QUIRK_CALL_IDS.ringing).length
    await expect.poll(unknownPolls, { timeout: 20_000 }).toBe(UNKNOWN_CHECKS)
    // The ringing call beside it (every 100 ms, against 300) is due whenever the unknown one is: asked for at least
    // as often. About twice as often on a quiet machine, but an event loop held up for 300 ms finds both due at each
    // late tick (3 and 3 in a fresh-clone CI at load 15). What the machine cannot change is read below: the unknown
    // one is asked for a bounded number of times, however long the other is followed.
    const ringingThen = ringingPolls()
    expect(ringingThen).toBeGreaterThanOrEqual(UNKNOWN_CHECKS)
    // Three more slow intervals at least (three ringing polls each) while the ringing call is followed: none for
    // the unknown one.
    await expect.poll(ringingPolls, { timeout: 20_000 }).toBeGreaterThan(ringingThen + 9)
    expect(unknownPolls()).toBe(UNKNOWN_CHECKS)
  })

  it('sends its status as it came, with its duration, and not as a call in flight on the board', async () => {
    // The first answer is in the snapshot (a new viewer waits a moment for the calls it asked for).
    const snapshot = (await client.next((e) => e.event === 'snapshot')).data as LiveSnapshot
    const entry = snapshot.calls.find((c) => c.call.call_id === QUIRK_CALL_IDS.unknownStatus)
    expect(entry?.call).toMatchObject({ status: UNKNOWN_STATUS, duration_seconds: 42 })
    expect(entry?.onBoard).toBe(false)
    const ringing = snapshot.calls.find((c) => c.call.call_id === QUIRK_CALL_IDS.ringing)
    expect(ringing?.onBoard).toBe(true)
  })
})
