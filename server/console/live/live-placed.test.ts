// Calls placed through the console reach the board at once, not at the next in-flight list: against
// the real simulator at real speed (a call that fails at once is in flight for about a second).
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { callEvent, FAILS_AT_ONCE, isSnapshot, type LiveTestbed, startLiveTestbed } from '../test-support/live-testbed'

let bed: LiveTestbed

beforeAll(async () => {
  bed = await startLiveTestbed({ VOICE_SIM_SPEED: '1' })
}, 60_000)
afterEach(() => bed.closeConsoles())
afterAll(() => bed?.stop())

const isInFlightList = (path: string) => /status=DIALER_(INITIATED|RINGING)/.test(path)

it("puts a call placed through the console on everyone's board at once, with who placed it, then its end", async () => {
  // The in-flight list is asked when the first viewer connects, then not for a minute.
  const { app, cookie, connect } = await bed.liveConsole({ discoveryMs: 60_000 })
  const tabs = [await connect(), await connect()]
  await Promise.all(tabs.map((tab) => tab.next(isSnapshot)))
  const from = Date.now()

  const placed = await app.request('/api/v1/voice/calls', {
    cookie,
    headers: { 'idempotency-key': `placed-${Date.now()}` },
    json: { caller_id: bed.callerId, destination: FAILS_AT_ONCE },
  })
  expect(placed.status).toBe(201)
  const { call_id } = (await placed.json()) as { call_id: string }
  for (const tab of tabs) {
    // Within half the minute the list waits: only the console's own news can bring it that soon (bounded, not
    // timed: a loaded machine's seconds are no failure, and the list's absence is checked below).
    const first = await tab.next(callEvent(call_id), 30_000)
    expect(first.data).toMatchObject({
      onBoard: true,
      placedBy: { email: 'support@example.com' },
      call: { caller_id: bed.callerId, destination: FAILS_AT_ONCE },
    })
  }
  for (const tab of tabs) {
    const ended = await tab.next(callEvent(call_id, 'DIALER_FAILED'), 30_000)
    expect(ended.data).toMatchObject({ onBoard: true, placedBy: { email: 'support@example.com' } })
  }
  // The board learnt of the call from the console, not from the list.
  expect(bed.proxy.seen.filter((request) => request.at >= from && isInFlightList(request.path))).toEqual([])
})

it('asks the upstream nothing for a call placed while nobody is watching', async () => {
  const { app, hub, cookie } = await bed.liveConsole()
  const from = Date.now()
  const placed = await app.request('/api/v1/voice/calls', {
    cookie,
    headers: { 'idempotency-key': `unwatched-${Date.now()}` },
    json: { caller_id: bed.callerId, destination: FAILS_AT_ONCE },
  })
  expect(placed.status).toBe(201)
  expect(hub.stats()).toEqual({ viewers: 0, trackedCalls: 0, running: false })
  expect(bed.proxy.seen.filter((request) => request.at >= from)).toEqual([])
})
