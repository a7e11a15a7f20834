// Bad requests on every operation: each is an RFC 9457 problem with a readable
// detail, errors[] naming the field, the documented status, and never a stack trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawExchange } from '../shared/test-support/raw-exchange'
import { ACME_KEY, type ApiClient, api } from './test-support/api'
import { expectFieldError, expectProblem } from './test-support/assertions'
import { TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import { startTestSimulator, type TestSimulator } from './test-support/simulator'

let sim: TestSimulator
let acme: ApiClient
let callerId: string

beforeAll(async () => {
  sim = await startTestSimulator()
  acme = api(sim, ACME_KEY)
  callerId = await verifiedCallerId(acme)
})
afterAll(() => sim?.close())

const postRaw = (path: string, body: BodyInit, contentType?: string) =>
  acme.raw(path, { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} })
const validCall = () => ({ caller_id: callerId, destination: TEST_NUMBERS.completes })
const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))

describe('request bodies', () => {
  for (const path of ['/calls', '/caller-ids']) {
    it(`POST ${path}: malformed JSON is a 400`, async () => {
      expectProblem(await postRaw(path, '{"caller_id": "+1', 'application/json'), 400)
    })

    it(`POST ${path}: a body that is not a JSON object is a 400`, async () => {
      for (const body of ['[]', '"text"', 'null', '42', ''])
        expectProblem(await postRaw(path, body, 'application/json'), 400)
    })

    it(`POST ${path}: a content type other than JSON is a 400`, async () => {
      const json = JSON.stringify(path === '/calls' ? validCall() : { phone_number: '+14155550100' })
      expectProblem(await postRaw(path, json, 'text/plain'), 400)
      expectProblem(await postRaw(path, json, 'application/x-www-form-urlencoded'), 400)
      expectProblem(await postRaw(path, Buffer.from(json)), 400)
    })

    it(`POST ${path}: a body over 64 KiB is a 413`, async () => {
      const body = JSON.stringify({ ...validCall(), phone_number: '+14155550100', padding: 'x'.repeat(70 * 1024) })
      expectProblem(await postRaw(path, body, 'application/json'), 413)
    })

    it(`POST ${path}: a streamed body over 64 KiB without Content-Length is a 413`, async () => {
      const chunk = new TextEncoder().encode(`{"padding":"${'x'.repeat(80 * 1024)}"}`)
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(chunk)
          controller.close()
        },
      })
      const res = await acme.raw(path, {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit)
      expectProblem(res, 413)
    })
  }
})

describe('POST /calls body size and type, at the edges', () => {
  /** A valid call padded with an ignored field to exactly `size` bytes. */
  const paddedTo = (size: number) => {
    const base = JSON.stringify({ ...validCall(), padding: '' })
    return JSON.stringify({ ...validCall(), padding: 'x'.repeat(size - base.length) })
  }

  it('accepts a body of exactly 64 KiB and refuses one byte more with 413', async () => {
    expect(Buffer.byteLength(paddedTo(65_536))).toBe(65_536)
    expect((await postRaw('/calls', paddedTo(65_536), 'application/json')).status).toBe(201)
    expectProblem(await postRaw('/calls', paddedTo(65_537), 'application/json'), 413)
  })

  it('accepts JSON with a charset parameter', async () => {
    const res = await postRaw('/calls', JSON.stringify(validCall()), 'application/json; charset=utf-8')
    expect(res.status).toBe(201)
  })
})

describe('POST /calls fields', () => {
  it('names each missing required field', async () => {
    expectFieldError(await acme.post('/calls', { destination: TEST_NUMBERS.completes }), 'caller_id')
    expectFieldError(await acme.post('/calls', { caller_id: callerId }), 'destination')
    const both = expectProblem(await acme.post('/calls', {}), 400)
    expect((both.errors ?? []).map((e) => e.field).sort()).toEqual(['caller_id', 'destination'])
  })

  it('refuses phone numbers that are not E.164', async () => {
    for (const bad of [
      '4155550100',
      '+0123456789',
      '+1 415 555 0100',
      '+1',
      '+1234567890123456',
      'tel:+14155550100',
      14155550100,
    ]) {
      expectFieldError(await acme.post('/calls', { ...validCall(), destination: bad }), 'destination')
      expectFieldError(await acme.post('/calls', { ...validCall(), caller_id: bad }), 'caller_id')
    }
  })

  it('refuses a caller_id that is not a verified caller ID of the account', async () => {
    const problem = expectFieldError(
      await acme.post('/calls', { ...validCall(), caller_id: '+14155559876' }),
      'caller_id',
    )
    expect(problem.errors?.find((e) => e.field === 'caller_id')?.message).toMatch(/verif/i)
  })

  it('refuses a record that is not a boolean', async () => {
    for (const record of ['true', 1, null, {}])
      expectFieldError(await acme.post('/calls', { ...validCall(), record }), 'record')
  })

  it('accepts metadata at its limits: 50 keys, 40-character keys, 500-character values', async () => {
    for (const metadata of [
      keys(50),
      { ['k'.repeat(40)]: 'v' },
      { note: 'x'.repeat(500) },
      { a: 1, b: true, c: null },
    ]) {
      const res = await acme.post('/calls', { ...validCall(), metadata })
      expect(res.status, res.text).toBe(201)
    }
  })

  it('refuses metadata beyond its limits, or not flat', async () => {
    const cases = [
      keys(51),
      { ['k'.repeat(41)]: 'v' },
      { note: 'x'.repeat(501) },
      { nested: { a: 1 } },
      { list: [1, 2] },
      { '': 'empty key' },
      [],
      'text',
      null,
    ]
    for (const metadata of cases) expectFieldError(await acme.post('/calls', { ...validCall(), metadata }), 'metadata')
  })
})

describe('metadata keys with special meaning in JavaScript', () => {
  const raw = (metadata: string) =>
    postRaw(
      '/calls',
      `{"caller_id":"${callerId}","destination":"+15005550006","metadata":${metadata}}`,
      'application/json',
    )

  it('refuses a nested object under "__proto__" like any nested object', async () => {
    expectFieldError(await raw('{"__proto__":{"polluted":1}}'), 'metadata')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('echoes "__proto__", "constructor" and "toString" keys, or refuses them, but never drops one silently', async () => {
    const res = await raw('{"__proto__":"x","constructor":"y","toString":"z"}')
    if (res.status === 400) expectFieldError(res, 'metadata')
    else {
      expect(res.status).toBe(201)
      expect(res.text).toContain('"metadata":{"__proto__":"x","constructor":"y","toString":"z"}')
    }
  })
})

describe('POST /caller-ids fields', () => {
  it('names a missing or invalid phone_number', async () => {
    expectFieldError(await acme.post('/caller-ids', {}), 'phone_number')
    for (const bad of ['4155550100', '+1 415', 12, null]) {
      expectFieldError(await acme.post('/caller-ids', { phone_number: bad }), 'phone_number')
    }
  })
})

describe('query parameters', () => {
  it.each([
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'abc'],
    ['limit', '1.5'],
    ['limit', '-1'],
    ['limit', ''],
    ['cursor', 'not-a-cursor'],
    ['cursor', 'eyJpZCI6MX0'],
    ['status', 'queued'],
    ['status', 'dialer_completed'],
    ['status', 'BOGUS'],
    ['from_date', 'yesterday'],
    ['from_date', '2026-13-01'],
    ['to_date', '2026-02-30T00:00:00Z'],
    ['to_date', '1700000000'],
  ])('GET /calls?%s=%s is a 400 naming the parameter', async (name, value) => {
    expectFieldError(await acme.get('/calls', { query: { [name]: value } }), name)
  })

  it('refuses a repeated parameter, and ignores unknown ones', async () => {
    expectProblem(await acme.raw('/calls?limit=1&limit=2', { method: 'GET' }), 400)
    expect((await acme.get('/calls', { query: { foo: 'bar' } })).status).toBe(200)
  })

  it('accepts limit 1 and 100', async () => {
    for (const limit of [1, 100]) expect((await acme.get('/calls', { query: { limit } })).status).toBe(200)
  })

  it.each([
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'abc'],
    ['cursor', 'not-a-cursor'],
  ])('GET /usage/history?%s=%s is a 400 naming the parameter', async (name, value) => {
    expectFieldError(await acme.get('/usage/history', { query: { [name]: value } }), name)
  })

  it('refuses a cursor of the usage history on the call list', async () => {
    const history = (await acme.get('/usage/history', { query: { limit: 1 } })).body as { next_cursor: string }
    expectFieldError(await acme.get('/calls', { query: { cursor: history.next_cursor } }), 'cursor')
  })
})

describe('unknown resources', () => {
  it.each(['', '/status', '/recordings'])('an unknown call id on /calls/{id}%s is a 404', async (suffix) => {
    for (const id of ['call_00000000000000000000000000', 'nope', 'cid_abc', "call_' OR 1=1 --"]) {
      const problem = expectProblem(await acme.get(`/calls/${encodeURIComponent(id)}${suffix}`), 404)
      expect(problem.detail?.length).toBeGreaterThan(0)
    }
  })

  it('an unknown path is a 404 problem', async () => {
    for (const path of ['/nope', '/calls/x/y/z', '/usage/history/extra']) expectProblem(await acme.get(path), 404)
    expectProblem(await api(sim).raw('/../../etc/passwd', { method: 'GET' }), 404)
  })

  it('an unsupported method on a known path is a 404 or 405 problem', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH']) {
      const res = await acme.raw('/calls', { method, headers: { 'content-type': 'application/json' }, body: '{}' })
      expect([404, 405]).toContain(res.status)
      expectProblem(res, res.status)
    }
  })
})

describe('requests node refuses before any route', () => {
  it('a URL past 16 KB is a 431 problem, not a bare status line', async () => {
    expectProblem(await acme.raw(`/calls/call_${'A'.repeat(20_000)}`, {}), 431)
  })

  it('bytes that are not HTTP are a 400 problem', async () => {
    const answer = await rawExchange(Number(new URL(sim.url).port), 'NOT HTTP AT ALL\r\n\r\n')
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request')
    expect(answer.head).toMatch(/\r\nContent-Type: application\/problem\+json/)
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400 })
  })
})
