// POST /calls, GET /calls/{id} and GET /calls/{id}/status: every field of the
// spec, checked against the zod contract and for its specific value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callDetail,
  callListItem,
  callRecordings,
  callStatusResponse,
  listCallerIdsResponse,
  listCallsResponse,
} from './contract/schemas'
import { ACME_KEY, type ApiClient, api } from './test-support/api'
import { E164, expectCallLinks, expectTimestamp } from './test-support/assertions'
import { createCall, pollUntilFinished, TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

// A stopped clock for exact field values, and a real one at high speed for whole lifecycles.
const clock = new FakeClock('2026-11-15T12:00:00Z')
let sim: TestSimulator
let fastSim: TestSimulator
let acme: ApiClient
let fast: ApiClient
let callerId: string

beforeAll(async () => {
  ;[sim, fastSim] = await Promise.all([startTestSimulator({ now: clock.now }), startTestSimulator({ speed: 200 })])
  acme = api(sim, ACME_KEY)
  fast = api(fastSim, ACME_KEY)
  callerId = await verifiedCallerId(acme)
})
afterAll(() => Promise.all([sim?.close(), fastSim?.close()]))

describe('POST /calls', () => {
  it('answers 201 with the creation response: queued, echoed fields, recording flag and links', async () => {
    const metadata = { campaign: 'spring', attempt: 2, vip: true, note: null }
    const res = await acme.post('/calls', {
      caller_id: callerId,
      destination: TEST_NUMBERS.completes,
      record: true,
      metadata,
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = res.body as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(
      ['call_id', 'caller_id', 'created_at', 'destination', 'links', 'metadata', 'recording', 'status'].sort(),
    )
    expect(body.call_id).toMatch(/^call_.+/)
    expect(body.status).toBe('queued')
    expect(body.caller_id).toBe(callerId)
    expect(body.destination).toBe(TEST_NUMBERS.completes)
    expectTimestamp(body.created_at)
    expect(body.created_at).toBe('2026-11-15T12:00:00Z')
    expect(body.recording).toEqual({ enabled: true })
    expect(body.metadata).toEqual(metadata)
    expectCallLinks(body.links as never, body.call_id as string)
  })

  it('defaults record to false and metadata to an empty object', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.completes })
    expect(created.recording).toEqual({ enabled: false })
    expect(created.metadata).toEqual({})
  })

  it('reflects record: false', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.completes, record: false })
    expect(created.recording.enabled).toBe(false)
  })

  it('ignores unknown body fields', async () => {
    const res = await acme.post('/calls', {
      caller_id: callerId,
      destination: TEST_NUMBERS.completes,
      voice: 'female',
      unexpected: { nested: true },
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body).not.toHaveProperty('voice')
    expect(res.body).not.toHaveProperty('unexpected')
  })

  it('gives every call its own id', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++) ids.add((await createCall(acme, { destination: TEST_NUMBERS.completes })).call_id)
    expect(ids.size).toBe(5)
  })
})

describe('GET /calls/{id} right after creation', () => {
  it('returns the detail with every field of the spec', async () => {
    const metadata = { order: 'A-1', amount: 12.5 }
    const created = await createCall(acme, { destination: TEST_NUMBERS.noAnswer, record: true, metadata })
    const res = await acme.get(`/calls/${created.call_id}`)
    expect(res.status).toBe(200)
    const detail = callDetail.parse(res.body)
    expect(Object.keys(res.body as object).sort()).toEqual(Object.keys(callDetail.shape).sort())
    expect(detail.call_id).toBe(created.call_id)
    expect(detail.status).toBe('DIALER_INITIATED')
    expect(detail.caller_id).toBe(callerId)
    expect(detail.caller_id).toMatch(E164)
    expect(detail.destination).toBe(TEST_NUMBERS.noAnswer)
    expect(detail.duration_seconds).toBeNull()
    expect(detail.billed_minutes).toBe(0)
    expect(detail.recording_url).toBeNull()
    expect(detail.voicemail_drop).toBe(false)
    expect(detail.source).toBe('API')
    expect(detail.metadata).toEqual(metadata)
    expect(detail.created_at).toBe(created.created_at)
    expectTimestamp(detail.created_at)
    expectTimestamp(detail.updated_at)
    expect(Date.parse(detail.updated_at)).toBeGreaterThanOrEqual(Date.parse(detail.created_at))
    expectCallLinks(detail.links, created.call_id)
  })

  it('serves the call at the paths its links name', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.completes })
    for (const path of Object.values(created.links)) {
      const res = await acme.get(path.replace('/api/v1/voice', ''))
      expect(res.status, path).toBe(200)
      expect((res.body as { call_id: string }).call_id).toBe(created.call_id)
    }
  })
})

describe('GET /calls/{id}/status', () => {
  it('has exactly the fields of the spec, with duration null while in progress', async () => {
    const created = await createCall(acme, { destination: TEST_NUMBERS.noAnswer })
    const res = await acme.get(`/calls/${created.call_id}/status`)
    expect(res.status).toBe(200)
    const status = callStatusResponse.parse(res.body)
    expect(Object.keys(res.body as object).sort()).toEqual(Object.keys(callStatusResponse.shape).sort())
    expect(status.call_id).toBe(created.call_id)
    expect(status.duration_seconds).toBeNull()
    expectTimestamp(status.started_at)
    expectTimestamp(status.updated_at)
    expect(Date.parse(status.started_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at))
  })

  it('reaches COMPLETED at high speed with the statuses in lifecycle order, and detail and list agree', async () => {
    const created = await createCall(fast, { destination: TEST_NUMBERS.completes })
    const { seen, last } = await pollUntilFinished(fast, created.call_id)
    expect(seen.at(-1)).toBe('DIALER_COMPLETED')
    expect(seen.indexOf('DIALER_COMPLETED')).toBeGreaterThan(seen.indexOf('DIALER_RINGING'))
    // Speed shortens the wait, not the call: durations stay realistic.
    expect(last.duration_seconds).toBeGreaterThanOrEqual(10)

    const detail = callDetail.parse((await fast.get(`/calls/${created.call_id}`)).body)
    expect(detail.status).toBe('DIALER_COMPLETED')
    expect(detail.duration_seconds).toBe(last.duration_seconds)
    expect(detail.billed_minutes).toBe(Math.ceil((last.duration_seconds ?? 0) / 60))
    expect(Date.parse(detail.updated_at)).toBeGreaterThanOrEqual(Date.parse(detail.created_at))

    const list = listCallsResponse.parse((await fast.get('/calls', { query: { limit: 100 } })).body)
    const item = list.calls.find((c) => c.call_id === created.call_id)
    expect(item).toBeDefined()
    expect(callListItem.parse(item)).toEqual({
      call_id: created.call_id,
      status: 'DIALER_COMPLETED',
      caller_id: created.caller_id,
      destination: TEST_NUMBERS.completes,
      duration_seconds: last.duration_seconds,
      created_at: created.created_at,
    })
    expect(Object.keys(item as object).sort()).toEqual(Object.keys(callListItem.shape).sort())
  })
})

describe('speed', () => {
  it('divides the verification delay too: a new caller ID is verified within a second or two', async () => {
    const number = '+14155550188'
    expect((await fast.post('/caller-ids', { phone_number: number })).status).toBe(201)
    const deadline = Date.now() + 3_000
    for (;;) {
      const ids = listCallerIdsResponse.parse((await fast.get('/caller-ids')).body).caller_ids
      if (ids.some((c) => c.phone_number === number)) break
      if (Date.now() > deadline) throw new Error(`${number} not verified after 3 s at speed 200`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })
})

describe('seeded calls', () => {
  it('keep the relations of the spec: billing, nullability, recording_url and list agree with detail', async () => {
    const list = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 40 } })).body)
    for (const item of list.calls) {
      expect(item.caller_id).toMatch(E164)
      expect(item.destination).toMatch(E164)
      expectTimestamp(item.created_at)
      const detail = callDetail.parse((await acme.get(`/calls/${item.call_id}`)).body)
      const recordings = callRecordings.parse((await acme.get(`/calls/${item.call_id}/recordings`)).body)
      expect(detail).toMatchObject({ status: item.status, duration_seconds: item.duration_seconds })
      const completed = detail.status === 'DIALER_COMPLETED'
      expect(detail.billed_minutes).toBe(completed ? Math.ceil((detail.duration_seconds ?? 0) / 60) : 0)
      if (!completed) expect(detail.voicemail_drop).toBe(false)
      expect(detail.recording_url).toBe(recordings.recordings[0]?.url ?? null)
      for (const r of recordings.recordings) expect(r.duration_seconds).toBe(detail.duration_seconds)
    }
  })
})
