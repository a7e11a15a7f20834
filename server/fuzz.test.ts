// Property-based bad input on every operation: whatever arrives, the simulator
// answers below 500, errors are problem+json, successes match the contract,
// and it is still healthy afterwards.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  account,
  callDetail,
  callRecordings,
  callStatusResponse,
  createCallResponse,
  listCallerIdsResponse,
  listCallsResponse,
  startVerificationResponse,
  usageHistory,
  usageSummary,
} from '../src/api/schemas'
import { ACME_KEY, type ApiClient, type ApiResponse, api } from './test-support/api'
import {
  callerIdBody,
  contentType,
  createCallBody,
  headerValue,
  pathSegment,
  queryString,
  rawBody,
} from './test-support/arbitraries'
import { expectProblem } from './test-support/assertions'
import { createCall, TEST_NUMBERS } from './test-support/calls'
import { startTestSimulator, type TestSimulator } from './test-support/simulator'

const RUNS = 120
let sim: TestSimulator
let acme: ApiClient
let callId: string

beforeAll(async () => {
  sim = await startTestSimulator({ rateLimit: 1_000_000, seedCalls: 30 })
  acme = api(sim, ACME_KEY)
  callId = (await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })).call_id
})
afterAll(async () => {
  // Still healthy after everything.
  if (sim) expect((await acme.get('/account')).status).toBe(200)
  await sim?.close()
})

function expectSafe(res: ApiResponse, schema?: z.ZodType): void {
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500)
  if (res.status >= 400) expectProblem(res, res.status)
  else if (schema) schema.parse(res.body)
}

const check = <Ts>(property: fc.IAsyncProperty<Ts>) => fc.assert(property, { numRuns: RUNS })

const GET_OPERATIONS: [string, z.ZodType][] = [
  ['/caller-ids', listCallerIdsResponse],
  ['/calls', listCallsResponse],
  ['/account', account],
  ['/usage', usageSummary],
  ['/usage/history', usageHistory],
]

describe('fuzz: POST bodies', () => {
  it('POST /calls with arbitrary JSON bodies and idempotency keys', async () => {
    await check(
      fc.asyncProperty(createCallBody, fc.option(headerValue), async (body, key) => {
        const headers: Record<string, string> = key === null ? {} : { 'idempotency-key': key }
        expectSafe(await acme.post('/calls', body, { headers }), createCallResponse)
      }),
    )
  })

  it('POST /caller-ids with arbitrary JSON bodies', async () => {
    await check(
      fc.asyncProperty(callerIdBody, async (body) => {
        expectSafe(await acme.post('/caller-ids', body), startVerificationResponse)
      }),
    )
  })

  it('both POSTs with raw bodies and arbitrary content types', async () => {
    await check(
      fc.asyncProperty(fc.constantFrom('/calls', '/caller-ids'), rawBody, contentType, async (path, body, type) => {
        expectSafe(await acme.raw(path, { method: 'POST', body, headers: type ? { 'content-type': type } : {} }))
      }),
    )
  })
})

describe('fuzz: query strings and path segments', () => {
  it('every GET operation with arbitrary query strings', async () => {
    await check(
      fc.asyncProperty(fc.constantFrom(...GET_OPERATIONS), queryString, async ([path, schema], query) => {
        expectSafe(await acme.raw(`${path}?${query}`, { method: 'GET' }), schema)
      }),
    )
  })

  it('the call operations with arbitrary ids', async () => {
    await check(
      fc.asyncProperty(fc.constantFrom('', '/status', '/recordings'), pathSegment, async (suffix, segment) => {
        expectSafe(await acme.raw(`/calls/${segment}${suffix}`, { method: 'GET' }))
      }),
    )
  })

  it('the call operations on a real id with arbitrary query strings', async () => {
    const schemas: Record<string, z.ZodType> = {
      '': callDetail,
      '/status': callStatusResponse,
      '/recordings': callRecordings,
    }
    await check(
      fc.asyncProperty(fc.constantFrom('', '/status', '/recordings'), queryString, async (suffix, query) => {
        expectSafe(await acme.raw(`/calls/${callId}${suffix}?${query}`, { method: 'GET' }), schemas[suffix])
      }),
    )
  })
})

describe('fuzz: headers and methods', () => {
  it('arbitrary Authorization headers on every operation never pass and never crash', async () => {
    const paths = [...GET_OPERATIONS.map(([p]) => p), `/calls/${callId}`, `/calls/${callId}/status`]
    await check(
      fc.asyncProperty(fc.constantFrom(...paths), headerValue, async (path, authorization) => {
        const res = await api(sim, null).raw(path, { method: 'GET', headers: { authorization } })
        expectSafe(res)
        if (authorization.trim() !== `Bearer ${ACME_KEY}`) expect([401, 404]).toContain(res.status)
      }),
    )
  })

  it('arbitrary methods and paths under the API prefix', async () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
    await check(
      fc.asyncProperty(
        fc.constantFrom(...methods),
        fc.array(pathSegment, { maxLength: 4 }),
        async (method, segments) => {
          const res = await acme.raw(`/${segments.join('/')}`, { method, ...(method === 'GET' ? {} : { body: '{}' }) })
          expect(res.status).toBeLessThan(500)
          if (res.status >= 400 && method !== 'OPTIONS') expectProblem(res, res.status)
        },
      ),
    )
  })
})
