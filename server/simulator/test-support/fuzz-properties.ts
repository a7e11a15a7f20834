// Property-based bad input on each of the ten operations: query strings, headers, Authorization
// values, call ids and bodies (deeply nested ones too). Whatever arrives, the simulator answers
// below 500, errors are problem+json, every answer matches the OpenAPI document (send() checks
// it), and it is still healthy afterwards. Defined once, run at two depths: fuzz.test.ts and
// fuzz.hard.test.ts.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY, type ApiClient, type ApiResponse, api } from './api'
import {
  authorizationValue,
  callerIdBody,
  contentType,
  createCallBody,
  deeplyNestedJson,
  extraHeaders,
  headerValue,
  pathSegment,
  queryString,
  rawBody,
} from './arbitraries'
import { expectProblem } from './assertions'
import { createCall, TEST_NUMBERS, verifiedCallerId } from './calls'
import { OPERATIONS, type Operation, opName, withCallId } from './operations'
import { startTestSimulator, type TestSimulator } from './simulator'

function expectSafe(res: ApiResponse): void {
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500)
  if (res.status >= 400) expectProblem(res, res.status)
}

// The server's rule (RFC 9110: the scheme is case-insensitive), restated: fetch trims the value.
const isAcmeBearer = (value: string) => new RegExp(`^bearer +${ACME_KEY}$`, 'i').test(value.trim())

/** Defines the fuzz suite with `runs` cases per property; every operation gets at least two properties. */
export function defineFuzzSuite(runs: number): void {
  let sim: TestSimulator
  let acme: ApiClient
  let callId: string
  let callerId: string

  beforeAll(async () => {
    sim = await startTestSimulator({ rateLimit: 1_000_000, seedCalls: 30 })
    acme = api(sim, ACME_KEY)
    callerId = await verifiedCallerId(acme)
    callId = (await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })).call_id
  })
  afterAll(() => sim?.close())

  const check = <Ts>(property: fc.IAsyncProperty<Ts>) => fc.assert(property, { numRuns: runs })

  /** The operation on the real call, with a valid body for a POST: only the fuzzed part is wrong. */
  const request = (op: Operation, init: { query?: string; headers?: Record<string, string>; path?: string } = {}) => {
    const path = init.path ?? withCallId(op.path, callId)
    const valid = op.method === 'POST' && op.path === '/calls' ? { caller_id: callerId, ...op.body } : op.body
    const body = valid ? JSON.stringify(valid) : undefined
    const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...init.headers }
    return acme.raw(init.query === undefined ? path : `${path}?${init.query}`, { method: op.method, body, headers })
  }

  for (const op of OPERATIONS) {
    describe(`fuzz: ${opName(op)}`, () => {
      it('arbitrary query strings and headers', async () => {
        await check(
          fc.asyncProperty(queryString, extraHeaders, async (query, headers) => {
            expectSafe(await request(op, { query, headers }))
          }),
        )
      })

      it('arbitrary Authorization headers: only the real key passes', async () => {
        await check(
          fc.asyncProperty(authorizationValue(ACME_KEY), async (authorization) => {
            const res = await request(op, { headers: { authorization } })
            if (isAcmeBearer(authorization)) expectSafe(res)
            else expectProblem(res, 401)
          }),
        )
      })

      if (op.path.includes('{call_id}')) {
        it('arbitrary call ids: not found, never an error', async () => {
          await check(
            fc.asyncProperty(pathSegment, async (segment) => {
              expectProblem(await request(op, { path: op.path.replace('{call_id}', segment) }), 404)
            }),
          )
        })
      }

      if (op.method === 'POST') {
        it('arbitrary JSON bodies and Idempotency-Keys', async () => {
          const bodies = op.path === '/calls' ? createCallBody(callerId) : callerIdBody
          await check(
            fc.asyncProperty(bodies, fc.option(headerValue), async (body, key) => {
              const headers: Record<string, string> = key === null ? {} : { 'idempotency-key': key }
              expectSafe(await acme.post(op.path, body, { headers }))
            }),
          )
        })

        it('deeply nested JSON bodies: refused below 500, never walked into a stack overflow', async () => {
          await check(
            fc.asyncProperty(deeplyNestedJson, async (body) => {
              const headers = { 'content-type': 'application/json' }
              expectSafe(await acme.raw(op.path, { method: 'POST', body, headers }))
            }),
          )
        })

        it('raw bodies with arbitrary content types', async () => {
          await check(
            fc.asyncProperty(rawBody, contentType, async (body, type) => {
              const headers: Record<string, string> = type ? { 'content-type': type } : {}
              expectSafe(await acme.raw(op.path, { method: 'POST', body, headers }))
            }),
          )
        })
      }
    })
  }

  describe('fuzz: any method and path under the API prefix', () => {
    it('answers below 500, with a problem for every error', async () => {
      const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
      await check(
        fc.asyncProperty(
          fc.constantFrom(...methods),
          fc.array(pathSegment, { maxLength: 4 }),
          async (method, segments) => {
            const body = method === 'GET' ? undefined : '{}'
            expectSafe(await acme.raw(`/${segments.join('/')}`, { method, body }))
          },
        ),
      )
    })
  })

  describe('after the fuzzing', () => {
    it('the server is still healthy: the account and a call still read', async () => {
      expect((await acme.get('/account')).status).toBe(200)
      expect((await acme.get(`/calls/${callId}`)).status).toBe(200)
    })
  })
}
