// Idempotency-Key on POST /calls and POST /caller-ids: replays, conflicts, scope
// per account, expiry after 24 h, and exactly one call under 100 concurrent duplicates.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCallResponse, listCallsResponse, startVerificationResponse } from './contract/schemas'
import { ACME_KEY, type ApiClient, api, GLOBEX_KEY } from './test-support/api'
import { expectProblem } from './test-support/assertions'
import { verifiedCallerId } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'
import { openSlowPost } from './test-support/slow-request'

let sim: TestSimulator
let acme: ApiClient
let globex: ApiClient
let callerId: string
const clock = new FakeClock('2026-11-15T12:00:00Z')
let destinationSeq = 1000

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now })
  acme = api(sim, ACME_KEY)
  globex = api(sim, GLOBEX_KEY)
  callerId = await verifiedCallerId(acme)
})
afterAll(() => sim?.close())

/** A destination no other test uses, so the calls to it can be counted in the list. */
const freshDestination = () => `+1646555${destinationSeq++}`

async function callsTo(client: ApiClient, destination: string): Promise<string[]> {
  const page = listCallsResponse.parse((await client.get('/calls', { query: { limit: 100 } })).body)
  return page.calls.filter((c) => c.destination === destination).map((c) => c.call_id)
}

const post = (client: ApiClient, body: unknown, key: string) =>
  client.post('/calls', body, { headers: { 'idempotency-key': key } })

describe('POST /calls with Idempotency-Key', () => {
  it('replays the original status and body with Idempotent-Replayed: true', async () => {
    const key = randomUUID()
    const body = { caller_id: callerId, destination: freshDestination(), record: true, metadata: { order: 7 } }
    const first = await post(acme, body, key)
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).not.toBe('true')
    clock.advance(60_000)
    const again = await post(acme, body, key)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(createCallResponse.parse(again.body).status).toBe('queued')
    expect(await callsTo(acme, body.destination)).toEqual([createCallResponse.parse(first.body).call_id])
  })

  it('treats the same JSON with other key order and spacing as the same body', async () => {
    const key = randomUUID()
    const destination = freshDestination()
    const first = await post(acme, { caller_id: callerId, destination, metadata: { a: 1, b: 2 } }, key)
    const reordered = await acme.raw('/calls', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: `{ "metadata": {"b": 2, "a": 1}, "destination": "${destination}",  "caller_id": "${callerId}" }`,
    })
    expect(reordered.status).toBe(201)
    expect(reordered.headers.get('idempotent-replayed')).toBe('true')
    expect(reordered.body).toEqual(first.body)
  })

  it('answers 422 for the same key with a different body, and writes nothing', async () => {
    const key = randomUUID()
    const destination = freshDestination()
    expect((await post(acme, { caller_id: callerId, destination }, key)).status).toBe(201)
    const other = freshDestination()
    expectProblem(await post(acme, { caller_id: callerId, destination: other }, key), 422)
    expectProblem(await post(acme, { caller_id: callerId, destination, record: true }, key), 422)
    expect(await callsTo(acme, other)).toEqual([])
    expect(await callsTo(acme, destination)).toHaveLength(1)
  })

  it('scopes keys per account: Globex may use the key Acme used', async () => {
    const key = randomUUID()
    const destination = freshDestination()
    const a = await post(acme, { caller_id: callerId, destination }, key)
    const g = await post(globex, { caller_id: await verifiedCallerId(globex), destination }, key)
    expect(a.status).toBe(201)
    expect(g.status, g.text).toBe(201)
    expect(g.headers.get('idempotent-replayed')).not.toBe('true')
    expect((g.body as { call_id: string }).call_id).not.toBe((a.body as { call_id: string }).call_id)
  })

  it('without a key, each POST places a new call', async () => {
    const body = { caller_id: callerId, destination: freshDestination() }
    expect((await acme.post('/calls', body)).status).toBe(201)
    expect((await acme.post('/calls', body)).status).toBe(201)
    expect(await callsTo(acme, body.destination)).toHaveLength(2)
  })

  it('keeps a key 24 hours: replayed at 23 h, a new call after 25 h', async () => {
    const key = randomUUID()
    const body = { caller_id: callerId, destination: freshDestination() }
    const first = await post(acme, body, key)
    clock.advance(23 * 60 * 60_000)
    const replay = await post(acme, body, key)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    clock.advance(2 * 60 * 60_000)
    const fresh = await post(acme, body, key)
    expect(fresh.status).toBe(201)
    expect(fresh.headers.get('idempotent-replayed')).not.toBe('true')
    expect((fresh.body as { call_id: string }).call_id).not.toBe((first.body as { call_id: string }).call_id)
  })

  it('100 concurrent identical POSTs place exactly one call, and every answer names it or asks to retry', async () => {
    const key = randomUUID()
    const body = { caller_id: callerId, destination: freshDestination(), metadata: { burst: true } }
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(acme, body, key)))
    const created = answers.filter((a) => a.status === 201)
    // A duplicate arriving while the first is still being read is refused, documented, with when to retry.
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(expectProblem(refused, 409).type).toMatch(/\/idempotency-in-progress$/)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    }
    const originals = created.filter((a) => a.headers.get('idempotent-replayed') !== 'true')
    expect(originals).toHaveLength(1)
    const original = createCallResponse.parse(originals[0]?.body)
    for (const replay of created) expect(replay.body).toEqual(original)
    // A client retrying after its 409 gets the same call.
    const retry = await post(acme, body, key)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body).toEqual(original)
    expect(await callsTo(acme, body.destination)).toEqual([original.call_id])
  })
})

describe('Idempotency-Key edge cases', () => {
  it('answers 409 with Retry-After to a duplicate that arrives while the first is still being received', async () => {
    const key = randomUUID()
    const body = JSON.stringify({ caller_id: callerId, destination: freshDestination() })
    // A raw request that announces its length and sends only part of the body, then waits.
    const slow = await openSlowPost(sim.url, '/api/v1/voice/calls', body, { 'idempotency-key': key })
    try {
      const headers = { 'content-type': 'application/json', 'idempotency-key': key }
      const duplicate = await acme.raw('/calls', { method: 'POST', headers, body })
      expectProblem(duplicate, 409)
      expect(Number(duplicate.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(await slow.finish()).toMatch(/^HTTP\/1\.1 201/)
      const replay = await acme.raw('/calls', { method: 'POST', headers, body })
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
    } finally {
      slow.destroy()
    }
  })

  it('refuses a key longer than 255 characters, naming the header', async () => {
    const res = await post(acme, { caller_id: callerId, destination: freshDestination() }, 'k'.repeat(256))
    const problem = expectProblem(res, 400)
    expect(problem.errors?.map((e) => e.field)).toContain('Idempotency-Key')
    expect((await post(acme, { caller_id: callerId, destination: freshDestination() }, 'k'.repeat(255))).status).toBe(
      201,
    )
  })

  it('does not store a refused request: the key can then be used for a valid one', async () => {
    const key = randomUUID()
    expectProblem(await post(acme, { caller_id: callerId, destination: 'not a number' }, key), 400)
    const ok = await post(acme, { caller_id: callerId, destination: freshDestination() }, key)
    expect(ok.status).toBe(201)
    expect(ok.headers.get('idempotent-replayed')).not.toBe('true')
  })
})

describe('POST /caller-ids with Idempotency-Key', () => {
  it('replays the verification start, and refuses another number under the same key', async () => {
    const key = randomUUID()
    const first = await acme.post(
      '/caller-ids',
      { phone_number: '+14155550177' },
      { headers: { 'idempotency-key': key } },
    )
    expect(first.status).toBe(201)
    const again = await acme.post(
      '/caller-ids',
      { phone_number: '+14155550177' },
      { headers: { 'idempotency-key': key } },
    )
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(startVerificationResponse.parse(again.body)).toEqual(startVerificationResponse.parse(first.body))
    const other = await acme.post(
      '/caller-ids',
      { phone_number: '+14155550178' },
      { headers: { 'idempotency-key': key } },
    )
    expectProblem(other, 422)
  })
})
