// The lifecycle of each test number, observed on a fake clock moved by hand so
// every state is seen on purpose; detail and list must agree with /status at each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callDetail, listCallsResponse } from './contract/schemas'
import { ACME_KEY, type ApiClient, api } from './test-support/api'
import { createCall, expectForwardOrder, getStatus, isFinished, TEST_NUMBERS } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

let sim: TestSimulator
let acme: ApiClient
const clock = new FakeClock('2026-11-15T12:00:00Z')

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now })
  acme = api(sim, ACME_KEY)
})
afterAll(() => sim?.close())

interface Observation {
  seen: string[]
  final: ReturnType<typeof callDetail.parse>
}

/**
 * Steps the clock: fine steps while the call dials and rings (seconds), checking that status,
 * detail and list item agree at each; coarse ones through the conversation (minutes).
 */
async function follow(callId: string, fineStepMs = 250): Promise<Observation> {
  const seen: string[] = []
  for (let elapsed = 0; elapsed < 30 * 60_000; ) {
    const fine = elapsed < 20_000
    const status = await getStatus(acme, callId)
    if (seen.at(-1) !== status.status) seen.push(status.status)
    const finished = isFinished(status.status)
    // In progress: no duration, nothing billed.
    if (!finished) expect(status.duration_seconds).toBeNull()
    if (fine || finished) {
      const detail = callDetail.parse((await acme.get(`/calls/${callId}`)).body)
      const list = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 5 } })).body)
      const item = list.calls.find((c) => c.call_id === callId)
      expect(detail.status).toBe(status.status)
      expect(detail.duration_seconds).toBe(status.duration_seconds)
      expect(detail.updated_at).toBe(status.updated_at)
      expect(item?.status).toBe(status.status)
      expect(item?.duration_seconds).toBe(status.duration_seconds)
      if (finished) {
        expect(Date.parse(status.updated_at)).toBeLessThanOrEqual(clock.now())
        return { seen, final: detail }
      }
      expect(detail.billed_minutes).toBe(0)
      expect(detail.recording_url).toBeNull()
    }
    const stepMs = fine ? fineStepMs : 5_000
    clock.advance(stepMs)
    elapsed += stepMs
  }
  throw new Error(`call ${callId} did not finish in 30 minutes of simulated time`)
}

describe('call lifecycle by test number', () => {
  it('+15005550006 goes INITIATED -> RINGING -> COMPLETED and bills ceil(duration/60)', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })
    const { seen, final } = await follow(created.call_id)
    expect(seen).toEqual(['DIALER_INITIATED', 'DIALER_RINGING', 'DIALER_COMPLETED'])
    expect(Number.isInteger(final.duration_seconds)).toBe(true)
    // Talk time is 10 s to a few minutes.
    expect(final.duration_seconds).toBeGreaterThanOrEqual(10)
    expect(final.duration_seconds).toBeLessThanOrEqual(15 * 60)
    expect(final.billed_minutes).toBe(Math.ceil((final.duration_seconds ?? 0) / 60))
    expect(final.voicemail_drop).toBe(false)
  })

  it('+15005550002 rings, then fails with nothing billed', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.noAnswer, record: true })
    const { seen, final } = await follow(created.call_id)
    expect(seen).toEqual(['DIALER_INITIATED', 'DIALER_RINGING', 'DIALER_FAILED'])
    // Ended: no longer null; nobody talked.
    expect(final.duration_seconds).toBe(0)
    expect(final.billed_minutes).toBe(0)
    expect(final.recording_url).toBeNull()
    expect(final.voicemail_drop).toBe(false)
  })

  it('+15005550003 fails at once, without ringing', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.failsAtOnce })
    const { seen, final } = await follow(created.call_id)
    expect(seen).not.toContain('DIALER_RINGING')
    expect(seen.at(-1)).toBe('DIALER_FAILED')
    expectForwardOrder(seen)
    expect(final.billed_minutes).toBe(0)
    expect(final.recording_url).toBeNull()
  })

  it('+15005550003 has failed within a few simulated seconds', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.failsAtOnce })
    clock.advance(5_000)
    expect((await getStatus(acme, created.call_id)).status).toBe('DIALER_FAILED')
  })

  it('+15005550004 completes and reports voicemail_drop true', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.voicemail })
    const { seen, final } = await follow(created.call_id)
    expect(seen).toEqual(['DIALER_INITIATED', 'DIALER_RINGING', 'DIALER_COMPLETED'])
    expect(final.voicemail_drop).toBe(true)
    expect(final.duration_seconds).toBeGreaterThan(0)
    expect(final.billed_minutes).toBe(Math.ceil((final.duration_seconds ?? 0) / 60))
  })

  it('a finished call never changes again', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.completes })
    const { final } = await follow(created.call_id, 1000)
    clock.advance(24 * 60 * 60_000)
    const later = callDetail.parse((await acme.get(`/calls/${created.call_id}`)).body)
    expect(later).toEqual(final)
  })

  it('any other number ends COMPLETED or FAILED, mostly COMPLETED, and the same call always the same way', async () => {
    const calls = []
    for (let i = 0; i < 20; i++) {
      calls.push(await createCall(acme, { destination: `+1415555${String(1000 + i).padStart(4, '0')}` }))
    }
    clock.advance(60 * 60_000)
    const finals = await Promise.all(calls.map((c) => getStatus(acme, c.call_id)))
    for (const f of finals) expect(['DIALER_COMPLETED', 'DIALER_FAILED']).toContain(f.status)
    const completed = finals.filter((f) => f.status === 'DIALER_COMPLETED').length
    expect(completed).toBeGreaterThan(10)
    for (const f of finals) expect(f.duration_seconds).toEqual(expect.any(Number))
    clock.advance(60 * 60_000)
    const again = await Promise.all(calls.map((c) => getStatus(acme, c.call_id)))
    expect(again).toEqual(finals)
  })
})
