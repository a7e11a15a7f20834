// One test per row of the "Gap in the spec" table of server/simulator/README.md that
// concerns calls, billing and recordings (the rows are quoted in the test names).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callDetail, callRecordings, usageHistory, usageSummary } from './contract/schemas'
import { ACME_KEY, type ApiClient, api } from './test-support/api'
import { createCall, getStatus, TEST_NUMBERS } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'
import { parseWav } from './test-support/wav'

const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/
let sim: TestSimulator
let acme: ApiClient
// Two minutes before a month ends, so a call can start in one billing period and end in the next.
const clock = new FakeClock('2026-11-30T23:58:00Z')

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now, seedCalls: 100 })
  acme = api(sim, ACME_KEY)
})
afterAll(() => sim?.close())

const detailOf = async (id: string) => callDetail.parse((await acme.get(`/calls/${id}`)).body)

describe('README gap decisions: calls', () => {
  it('billing rules: minutes count in the month the call was created, once it has ended', async () => {
    const november = usageSummary.parse((await acme.get('/usage')).body)
    expect(november.period_start).toBe('2026-11-01T00:00:00Z')
    const call = await createCall(acme, { destination: TEST_NUMBERS.completes })
    const failed = await createCall(acme, { destination: TEST_NUMBERS.noAnswer })
    clock.advance(30 * 60_000)
    const detail = await detailOf(call.call_id)
    expect(detail.status).toBe('DIALER_COMPLETED')
    expect(detail.billed_minutes).toBe(Math.ceil((detail.duration_seconds ?? 0) / 60))
    expect((await detailOf(failed.call_id)).billed_minutes).toBe(0)
    const december = usageSummary.parse((await acme.get('/usage')).body)
    expect(december.period_start).toBe('2026-12-01T00:00:00Z')
    expect(december.actual_minutes_used).toBe(0)
    const history = usageHistory.parse((await acme.get('/usage/history', { query: { limit: 2 } })).body)
    expect(history.periods.map((p) => [p.period_start, p.status])).toEqual([
      ['2026-12-01T00:00:00Z', 'DIALER_ACTIVE'],
      ['2026-11-01T00:00:00Z', 'DIALER_COMPLETED'],
    ])
    expect(history.periods[1]?.actual_minutes_used).toBe(november.actual_minutes_used + detail.billed_minutes)
  })

  it('transitions: INITIATED for 0.7 to 1.5 s, then RINGING; a call that fails at once goes INITIATED -> FAILED', async () => {
    const ringing = await createCall(acme, { destination: TEST_NUMBERS.completes })
    const rejected = await createCall(acme, { destination: TEST_NUMBERS.failsAtOnce })
    const seen: string[] = []
    for (let t = 0; t <= 3_000; t += 100) {
      if (t === 600) expect((await getStatus(acme, ringing.call_id)).status).toBe('DIALER_INITIATED')
      if (t === 1_600) expect((await getStatus(acme, ringing.call_id)).status).toBe('DIALER_RINGING')
      const status = (await getStatus(acme, rejected.call_id)).status
      if (seen.at(-1) !== status) seen.push(status)
      clock.advance(100)
    }
    expect(seen).toEqual(['DIALER_INITIATED', 'DIALER_FAILED'])
  })

  it('voicemail_drop is false until the call has ended', async () => {
    const call = await createCall(acme, { destination: TEST_NUMBERS.voicemail })
    clock.advance(3_000)
    const during = await detailOf(call.call_id)
    expect(during.status).toBe('DIALER_RINGING')
    expect(during.voicemail_drop).toBe(false)
    clock.advance(10 * 60_000)
    expect((await detailOf(call.call_id)).voicemail_drop).toBe(true)
  })

  it('status times: started_at is the creation, updated_at when the current status began, in whole seconds', async () => {
    const call = await createCall(acme, { destination: TEST_NUMBERS.noAnswer })
    const created = Date.parse(call.created_at)
    const initiated = await getStatus(acme, call.call_id)
    expect(initiated.started_at).toBe(call.created_at)
    expect(initiated.updated_at).toBe(call.created_at)
    clock.advance(2_000)
    const ringing = await getStatus(acme, call.call_id)
    expect(ringing.started_at).toBe(call.created_at)
    const ringingSince = Date.parse(ringing.updated_at) - created
    expect(ringingSince).toBeGreaterThanOrEqual(0)
    expect(ringingSince).toBeLessThanOrEqual(1_500)
    for (const ts of [call.created_at, ringing.started_at, ringing.updated_at]) expect(ts).toMatch(WHOLE_SECONDS)
  })

  it('nullable fields: duration 0 for a failed call once ended, recording_url null without a recording', async () => {
    const call = await createCall(acme, { destination: TEST_NUMBERS.failsAtOnce, record: true })
    clock.advance(5_000)
    const detail = await detailOf(call.call_id)
    expect(detail).toMatchObject({
      status: 'DIALER_FAILED',
      duration_seconds: 0,
      recording_url: null,
      billed_minutes: 0,
    })
  })

  it('maximum call duration: new calls talk at most 4 minutes; voicemail drops last 15 to 40 s', async () => {
    const calls = []
    for (let i = 0; i < 25; i++) calls.push(await createCall(acme, { destination: `+1718555${2000 + i}` }))
    const drops = []
    for (let i = 0; i < 5; i++) drops.push(await createCall(acme, { destination: TEST_NUMBERS.voicemail }))
    clock.advance(60 * 60_000)
    for (const c of calls) expect((await getStatus(acme, c.call_id)).duration_seconds).toBeLessThanOrEqual(240)
    for (const c of drops) {
      const d = await detailOf(c.call_id)
      expect(d.voicemail_drop).toBe(true)
      expect(d.duration_seconds).toBeGreaterThanOrEqual(15)
      expect(d.duration_seconds).toBeLessThanOrEqual(40)
    }
  })

  it('unknown body fields such as voice: "male" are accepted and never echoed', async () => {
    const call = await createCall(acme, { destination: TEST_NUMBERS.completes, voice: 'male' } as never)
    expect(call).not.toHaveProperty('voice')
    expect(await detailOf(call.call_id)).not.toHaveProperty('voice')
  })

  it('rate_per_minute_dc is an integer: Acme pays 45 (deci-cents)', async () => {
    const account = (await acme.get('/account')).body as { tier: { rate_per_minute_dc: number } }
    expect(account.tier.rate_per_minute_dc).toBe(45)
  })

  it('recordings: 16-bit PCM at 8 kHz on 2 channels, playable from any origin', async () => {
    const call = await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })
    clock.advance(10 * 60_000)
    const url = callRecordings.parse((await acme.get(`/calls/${call.call_id}/recordings`)).body).recordings[0]?.url
    const res = await fetch(url ?? '', { headers: { origin: 'http://elsewhere.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const wav = parseWav(new Uint8Array(await res.arrayBuffer()))
    expect([wav.audioFormat, wav.bitsPerSample, wav.sampleRate, wav.channels]).toEqual([1, 16, 8000, 2])
  })
})
