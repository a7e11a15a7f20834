// Authentication on every operation, and isolation between the two seeded
// accounts: another account's data is invisible, answering as if it did not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  account,
  listCallerIdsResponse,
  listCallsResponse,
  type ProblemDetails,
  usageHistory,
  usageSummary,
} from './contract/schemas'
import { ACME_KEY, type ApiClient, type ApiResponse, api, GLOBEX_KEY, send } from './test-support/api'
import { expectFieldError, expectProblem } from './test-support/assertions'
import { createCall, TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import { OPERATIONS, opName, withCallId } from './test-support/operations'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

// A clock moved by hand, so no call changes state between two reads of a test.
const clock = new FakeClock()
let sim: TestSimulator
let acme: ApiClient
let globex: ApiClient
let acmeCallId: string

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now })
  acme = api(sim, ACME_KEY)
  globex = api(sim, GLOBEX_KEY)
  acmeCallId = (await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })).call_id
  // Let the call complete so its recordings exist too.
  clock.advance(30 * 60_000)
})
afterAll(() => sim?.close())

const BAD_AUTHORIZATION: Record<string, Record<string, string>> = {
  missing: {},
  'empty header': { authorization: '' },
  'another scheme': { authorization: `Basic ${Buffer.from('acme:secret').toString('base64')}` },
  'scheme without key': { authorization: 'Bearer' },
  'key without scheme': { authorization: ACME_KEY },
  'two tokens': { authorization: `Bearer ${ACME_KEY} extra` },
  'unknown key': { authorization: 'Bearer sim_demo_key_nobody' },
  'key with a changed letter': { authorization: `Bearer ${ACME_KEY.slice(0, -1)}X` },
}

function requestOp(op: (typeof OPERATIONS)[number], headers: Record<string, string>): Promise<ApiResponse> {
  const client = api(sim, null)
  const path = withCallId(op.path, acmeCallId)
  if (op.method === 'GET') return client.get(path, { headers })
  return client.raw(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(op.body),
  })
}

describe('authentication', () => {
  for (const op of OPERATIONS) {
    it(`${opName(op)} answers 401 problem+json with WWW-Authenticate: Bearer for every bad Authorization`, async () => {
      for (const [label, headers] of Object.entries(BAD_AUTHORIZATION)) {
        const res = await requestOp(op, headers)
        expect(res.status, label).toBe(401)
        expect(res.headers.get('www-authenticate') ?? '', label).toMatch(/^Bearer\b/)
        expectProblem(res, 401)
        expect(res.text).not.toContain(ACME_KEY)
      }
    })
  }

  it('accepts the Bearer scheme in any letter case, as HTTP auth schemes are case-insensitive (RFC 9110 §11.1)', async () => {
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await api(sim, null).get('/account', { headers: { authorization: `${scheme} ${ACME_KEY}` } })
      expect(res.status, scheme).toBe(200)
    }
  })

  it('writes nothing for a refused POST', async () => {
    const before = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 1 } })).body).calls[0]
    const post = OPERATIONS.find((o) => o.method === 'POST' && o.path === '/calls')
    if (post) await requestOp(post, {})
    const after = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 1 } })).body).calls[0]
    expect(after).toEqual(before)
  })

  it('answers 404 problem+json (not 401) for an unknown path outside the API with a good key', async () => {
    const res = await send(`${sim.url}/api/v1/voice/nope`, { headers: { authorization: `Bearer ${ACME_KEY}` } })
    expectProblem(res, 404)
  })
})

describe('isolation between accounts', () => {
  /** The 404 body with the id taken out, so two answers can be compared. */
  const normalised = (res: ApiResponse, id: string) => {
    const body = res.body as ProblemDetails
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      body: { ...body, detail: body.detail?.replaceAll(id, '<id>'), instance: body.instance?.replaceAll(id, '<id>') },
    }
  }

  for (const suffix of ['', '/status', '/recordings']) {
    it(`GET /calls/{id}${suffix} of another account answers 404 exactly as an unknown id`, async () => {
      const unknownId = `call_${'0'.repeat(acmeCallId.length - 5)}`
      const foreign = await globex.get(`/calls/${acmeCallId}${suffix}`)
      const unknown = await globex.get(`/calls/${unknownId}${suffix}`)
      expectProblem(foreign, 404)
      expectProblem(unknown, 404)
      expect(normalised(foreign, acmeCallId)).toEqual(normalised(unknown, unknownId))
      expect((await acme.get(`/calls/${acmeCallId}${suffix}`)).status).toBe(200)
    })
  }

  it("another account's calls never appear in its list, nor its own in Acme's", async () => {
    const globexCall = await createCall(globex, { destination: TEST_NUMBERS.completes })
    const g = listCallsResponse.parse((await globex.get('/calls', { query: { limit: 100 } })).body)
    const a = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 100 } })).body)
    expect(g.calls.map((c) => c.call_id)).toContain(globexCall.call_id)
    expect(g.calls.map((c) => c.call_id)).not.toContain(acmeCallId)
    expect(a.calls.map((c) => c.call_id)).toContain(acmeCallId)
    expect(a.calls.map((c) => c.call_id)).not.toContain(globexCall.call_id)
  })

  it('caller IDs are per account, and one cannot call with the caller ID of another', async () => {
    const a = listCallerIdsResponse.parse((await acme.get('/caller-ids')).body).caller_ids
    const g = listCallerIdsResponse.parse((await globex.get('/caller-ids')).body).caller_ids
    expect(g.length).toBeGreaterThan(0)
    const acmeIds = new Set(a.map((c) => c.id))
    expect(g.some((c) => acmeIds.has(c.id))).toBe(false)
    const acmeOnly = a.find((c) => !g.some((x) => x.phone_number === c.phone_number))
    expect(acmeOnly).toBeDefined()
    const res = await globex.post('/calls', { caller_id: acmeOnly?.phone_number, destination: TEST_NUMBERS.completes })
    expectFieldError(res, 'caller_id')
  })

  it('account and usage are each account’s own', async () => {
    const [a, g] = [
      account.parse((await acme.get('/account')).body),
      account.parse((await globex.get('/account')).body),
    ]
    expect(a.client_id).not.toBe(g.client_id)
    const ua = usageSummary.parse((await acme.get('/usage')).body)
    const ug = usageSummary.parse((await globex.get('/usage')).body)
    expect(ug.committed_minutes).toBe(g.committed_minutes)
    expect(ua.committed_minutes).toBe(a.committed_minutes)
    expect(ug.actual_minutes_used).toBe(g.current_usage.actual_minutes_used)
    expect(usageHistory.parse((await globex.get('/usage/history')).body).periods.length).toBeGreaterThan(0)
  })

  it("a cursor from one account's list is refused for another account", async () => {
    const page = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 2 } })).body)
    expect(page.next_cursor).not.toBeNull()
    expectFieldError(await globex.get('/calls', { query: { cursor: page.next_cursor ?? '' } }), 'cursor')
  })

  it('Globex can still call with its own caller ID', async () => {
    const res = await globex.post('/calls', { caller_id: await verifiedCallerId(globex), destination: '+15005550006' })
    expect(res.status, res.text).toBe(201)
  })
})
