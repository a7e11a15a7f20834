// One test per row of the "Gap in the spec" table of server/simulator/README.md about
// idempotency, verification, paging, accounts, errors and limits, plus the Accounts table.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, listCallerIdsResponse, listCallsResponse, usageHistory } from './contract/schemas'
import { ACME_KEY, type ApiClient, api, GLOBEX_KEY, send } from './test-support/api'
import { expectFieldError, expectProblem } from './test-support/assertions'
import { verifiedCallerId } from './test-support/calls'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

const PROBLEM_TYPE = /^https:\/\/voice-dashboard\.dev\/problems\/[a-z0-9-]+$/
let sim: TestSimulator
let acme: ApiClient
let globex: ApiClient
const clock = new FakeClock('2026-11-15T12:00:00Z')

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now, seedCalls: 100 })
  acme = api(sim, ACME_KEY)
  globex = api(sim, GLOBEX_KEY)
})
afterAll(() => sim?.close())

describe('README gap decisions: requests and errors', () => {
  it('Idempotency-Key format: 1 to 255 printable ASCII characters, else 400', async () => {
    const body = { caller_id: await verifiedCallerId(acme), destination: '+15005550006' }
    const res = await acme.post('/calls', body, { headers: { 'idempotency-key': 'a\tb' } })
    expectFieldError(res, 'Idempotency-Key')
  })

  it('Idempotency-Key is scoped per operation: one key may serve a call and a verification', async () => {
    const key = randomUUID()
    const body = { caller_id: await verifiedCallerId(acme), destination: '+15005550006' }
    expect((await acme.post('/calls', body, { headers: { 'idempotency-key': key } })).status).toBe(201)
    const cid = await acme.post(
      '/caller-ids',
      { phone_number: '+14155550191' },
      { headers: { 'idempotency-key': key } },
    )
    expect(cid.status).toBe(201)
    expect(cid.headers.get('idempotent-replayed')).not.toBe('true')
  })

  it('no operation removes a caller ID or ends a call: other methods answer 405 with Allow', async () => {
    const callId = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 1 } })).body).calls[0]?.call_id
    const cases: [string, string, string][] = [
      ['DELETE', '/caller-ids', 'GET, POST'],
      ['PUT', '/calls', 'GET, POST'],
      ['DELETE', `/calls/${callId}`, 'GET'],
      ['PATCH', `/calls/${callId}/status`, 'GET'],
      ['POST', `/calls/${callId}/recordings`, 'GET'],
    ]
    for (const [method, path, allow] of cases) {
      const res = await acme.raw(path, { method, headers: { 'content-type': 'application/json' }, body: '{}' })
      expectProblem(res, 405)
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow)
    }
  })

  it('error bodies: problem+json whose type is a URI under voice-dashboard.dev/problems', async () => {
    const answers = [
      await acme.post('/calls', {}),
      await api(sim, null).get('/account'),
      await acme.get('/calls/call_unknown'),
      await acme.get('/nowhere'),
      await acme.raw('/calls', { method: 'DELETE' }),
    ]
    for (const res of answers) expect((res.body as { type: string }).type).toMatch(PROBLEM_TYPE)
    expect(answers.map((a) => a.status)).toEqual([400, 401, 404, 404, 405])
  })

  it('authentication failures carry WWW-Authenticate: Bearer realm="voice"', async () => {
    const res = await api(sim, 'nope').get('/usage')
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="voice"')
  })

  it('pagination cursors are signed: a changed cursor is a 400', async () => {
    const cursor = listCallsResponse.parse((await acme.get('/calls', { query: { limit: 3 } })).body).next_cursor ?? ''
    const changed = `${cursor.slice(0, 4)}${cursor[4] === 'A' ? 'B' : 'A'}${cursor.slice(5)}`
    expectFieldError(await acme.get('/calls', { query: { cursor: changed } }), 'cursor')
  })

  it('versioning: only /api/v1 exists, other versions are 404', async () => {
    for (const path of ['/api/v2/voice/account', '/api/v0/voice/calls']) {
      expectProblem(await send(`${sim.url}${path}`, { headers: { authorization: `Bearer ${ACME_KEY}` } }), 404)
    }
  })

  it('storage errors are problems too: an unknown recording address is a 404', async () => {
    expectProblem(await send(`${sim.url}/storage/recordings/nope.wav`), 404)
    expectProblem(await send(`${sim.url}/storage/elsewhere`), 404)
  })
})

describe('README gap decisions: accounts, verification and usage', () => {
  it('usage history runs from the month of the contract start to now, at the account commitment', async () => {
    for (const client of [acme, globex]) {
      const a = account.parse((await client.get('/account')).body)
      const h = usageHistory.parse((await client.get('/usage/history', { query: { limit: 100 } })).body)
      const contractMonth = `${a.contract_start.slice(0, 7)}-01T00:00:00Z`
      expect(h.periods.at(-1)?.period_start).toBe(contractMonth)
      expect(h.periods[0]?.period_start).toBe('2026-11-01T00:00:00Z')
      for (const p of h.periods) expect(p.committed_minutes).toBe(a.committed_minutes)
    }
  })

  it('accounts: Acme has 12 periods and 3 caller IDs, out of ramp-up; Globex 1 caller ID, 36 calls, in ramp-up', async () => {
    const a = account.parse((await acme.get('/account')).body)
    const g = account.parse((await globex.get('/account')).body)
    expect([a.is_in_ramp_up, g.is_in_ramp_up]).toEqual([false, true])
    expect(listCallerIdsResponse.parse((await acme.get('/caller-ids')).body).caller_ids).toHaveLength(3)
    expect(listCallerIdsResponse.parse((await globex.get('/caller-ids')).body).caller_ids).toHaveLength(1)
    const history = usageHistory.parse((await acme.get('/usage/history', { query: { limit: 100 } })).body)
    expect(history.periods).toHaveLength(12)
    const calls = listCallsResponse.parse((await globex.get('/calls', { query: { limit: 100 } })).body)
    expect(calls.calls).toHaveLength(36)
  })

  it('rate limit: 1200 requests a minute per key by default, then 429', async () => {
    const local = await startTestSimulator({ now: clock.now, seedCalls: 0 })
    try {
      const client = api(local, GLOBEX_KEY)
      let ok = 0
      for (let batch = 0; batch < 24; batch++) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => client.get('/caller-ids')))
        ok += answers.filter((a) => a.status === 200).length
      }
      expect(ok).toBe(1200)
      expectProblem(await client.get('/caller-ids'), 429)
    } finally {
      await local.close()
    }
  })

  it('API keys from configuration apply to an existing database too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voice-sim-keys-'))
    try {
      const first = await startTestSimulator({ db: join(dir, 'db.sqlite'), seedCalls: 5 })
      await first.close()
      const second = await startTestSimulator({ db: join(dir, 'db.sqlite'), acmeKey: 'acme_rotated_key' })
      try {
        expect((await api(second, 'acme_rotated_key').get('/account')).status).toBe(200)
        expectProblem(await api(second, ACME_KEY).get('/account'), 401)
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
