// The two OpenAPI 3.1 documents: the spec's (openapi.json) and the simulator's (openapi.simulator.json),
// served and committed as built, naming the ten operations of the spec; the spec's says no more than
// the spec; and the contract check that send() runs on every answer of the API tests, proven to fail.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY, type ApiClient, api, send } from './test-support/api'
import { createCall, TEST_NUMBERS, verifiedCallerId } from './test-support/calls'
import {
  contractViolations,
  OPENAPI_DOCUMENT as doc,
  type ObservedResponse,
  PROBLEM_SCHEMA,
  SPEC_DOCUMENT as spec,
  validateSchema,
} from './test-support/contract'
import { OPERATIONS, opName, withCallId } from './test-support/operations'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

// A clock moved by hand, so no call changes state between two reads of a test.
const clock = new FakeClock()
let sim: TestSimulator
let acme: ApiClient
let callId: string

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now })
  acme = api(sim, ACME_KEY)
  callId = (await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })).call_id
  clock.advance(30 * 60_000)
})
afterAll(() => sim?.close())

const fullPath = (path: string) => `/api/v1/voice${path}`
const operationOf = (op: (typeof OPERATIONS)[number]) => doc.paths[fullPath(op.path)]?.[op.method.toLowerCase()]
/** JSON as written to disk or sent over the wire: undefined fields dropped. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value))

const DOCUMENTS = [
  ['openapi.json', spec],
  ['openapi.simulator.json', doc],
] as const

describe('the OpenAPI documents', () => {
  for (const [name, document] of DOCUMENTS) {
    it(`${name} is served, without an API key, exactly as the contract check builds it`, async () => {
      const res = await send(`${sim.url}/api/v1/voice/${name}`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual(asJson(document))
    })

    it(`${name} is committed up to date: run \`npm run openapi\` after changing a contract`, () => {
      const committed = JSON.parse(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8'))
      expect(committed).toEqual(asJson(document))
    })

    it(`${name} is OpenAPI 3.1 with bearer authentication`, () => {
      expect(document.openapi).toMatch(/^3\.1\.\d+$/)
      expect(Object.values(document.components.securitySchemes)).toContainEqual(
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      )
      expect(document.security?.length).toBeGreaterThan(0)
    })

    it(`${name} has the ten operations of the spec, each described in the spec's words and tagged`, () => {
      const operations = OPERATIONS.map((op) => document.paths[fullPath(op.path)]?.[op.method.toLowerCase()])
      for (const [i, operation] of operations.entries()) {
        const described = operation as { description?: string; tags?: string[] } | undefined
        expect(described?.description, opName(OPERATIONS[i] as (typeof OPERATIONS)[number])).toBeTruthy()
        expect(described?.tags?.length, opName(OPERATIONS[i] as (typeof OPERATIONS)[number])).toBe(1)
      }
    })
  }

  it('has exactly the ten operations of the spec, each with its success response', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(documented.sort()).toEqual(OPERATIONS.map((op) => `${op.method} ${fullPath(op.path)}`).sort())
    for (const op of OPERATIONS) {
      const operation = operationOf(op)
      expect(operation?.operationId, opName(op)).toBeTruthy()
      const success = op.method === 'POST' ? '201' : '200'
      expect(operation?.responses[success]?.content?.['application/json']?.schema.$ref, opName(op)).toBeTruthy()
      expect(Object.keys(operation?.responses ?? {}), opName(op)).toEqual(expect.arrayContaining(['401', '429']))
    }
  })

  it('documents the query parameters and the Idempotency-Key header', () => {
    const names = (path: string, method: string) =>
      (doc.paths[fullPath(path)]?.[method]?.parameters ?? []).map((p) => p.name)
    expect(names('/calls', 'get').sort()).toEqual(['cursor', 'from_date', 'limit', 'status', 'to_date'])
    expect(names('/usage/history', 'get')).toEqual(expect.arrayContaining(['cursor', 'limit']))
    expect(names('/calls', 'post')).toContain('Idempotency-Key')
    expect(names('/caller-ids', 'post')).toContain('Idempotency-Key')
  })

  it('has component schemas that compile', () => {
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => validateSchema(`#/components/schemas/${name}`, {}), name).not.toThrow()
    }
  })
})

/** Every value of a JSON document, depth first. */
function* walk(value: unknown): Generator<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) return
  if (!Array.isArray(value)) yield value as Record<string, unknown>
  for (const inner of Object.values(value)) yield* walk(inner)
}

describe('openapi.json says only what the spec says', () => {
  const text = JSON.stringify(spec)
  const specSchema = (name: string) => `#/components/schemas/${name}`

  it('documents success as any 2XX with the answer’s schema, and nothing of errors', () => {
    for (const op of OPERATIONS) {
      const responses = spec.paths[fullPath(op.path)]?.[op.method.toLowerCase()]?.responses ?? {}
      expect(Object.keys(responses), opName(op)).toEqual(['2XX'])
      expect(responses['2XX']?.content?.['application/json']?.schema.$ref, opName(op)).toBeTruthy()
    }
    for (const word of ['Problem', 'problem+json', 'Retry-After', 'Idempotent-Replayed', 'maxProperties', '201']) {
      expect(text, word).not.toContain(word)
    }
  })

  it('leaves every object open and no pattern but the spec’s prefixes and leading plus', () => {
    const nodes = [...walk(spec.components.schemas)]
    expect(nodes.filter((node) => node.additionalProperties === false)).toEqual([])
    const patterns = new Set(nodes.flatMap((node) => (typeof node.pattern === 'string' ? [node.pattern] : [])))
    expect([...patterns].sort()).toEqual(['^\\+', '^call_', '^cid_', '^cli_'])
  })

  it('accepts what a faithful service may send: nulls, extra fields, unknown statuses, metadata of any shape', () => {
    const detail = {
      call_id: 'call_x',
      status: 'DIALER_ON_HOLD',
      caller_id: null,
      destination: '+15005550006',
      billed_minutes: null,
      voicemail_drop: null,
      source: null,
      metadata: { nested: { a: [1, 2] }, long: 'v'.repeat(600) },
      updated_at: null,
      carrier: 'extra field',
    }
    expect(validateSchema(specSchema('CallDetail'), detail, 'spec.json')).toEqual([])
    expect(
      validateSchema(specSchema('ListCallsResponse'), { calls: [{ call_id: 'call_y', status: 'X' }] }, 'spec.json'),
    ).toEqual([])
    expect(validateSchema(specSchema('CallDetail'), { status: 'DIALER_RINGING' }, 'spec.json').join()).toMatch(
      /call_id/,
    )
  })

  it('has the Idempotency-Key header where the spec gives it, and usage history’s limit alone', () => {
    const names = (path: string, method: string) =>
      (spec.paths[fullPath(path)]?.[method]?.parameters ?? []).map((p) => p.name)
    expect(names('/calls', 'post')).toEqual(['Idempotency-Key'])
    expect(names('/caller-ids', 'post')).toEqual([])
    expect(names('/usage/history', 'get')).toEqual(['limit'])
    expect(names('/calls', 'get').sort()).toEqual(['cursor', 'from_date', 'limit', 'status', 'to_date'])
  })
})

// send() has already checked each answer against the document; these make sure every
// operation's success answer is among the answers checked.
describe('every operation answers its documented success', () => {
  for (const op of OPERATIONS) {
    it(`${opName(op)}`, async () => {
      const path = withCallId(op.path, callId)
      const body = op.path === '/calls' ? { ...op.body, caller_id: await verifiedCallerId(acme) } : op.body
      const res = op.method === 'GET' ? await acme.get(path) : await acme.post(path, body)
      expect(res.status, res.text).toBe(op.method === 'POST' ? 201 : 200)
    })
  }

  it('a problem answer is the shared Problem response', async () => {
    const res = await acme.post('/calls', { destination: 'nope' })
    expect(res.status).toBe(400)
    expect(validateSchema(PROBLEM_SCHEMA, res.body)).toEqual([])
    expect(doc.paths[fullPath('/calls')]?.post?.responses['400']?.$ref).toBe('#/components/responses/Problem400')
  })
})

const API = 'http://127.0.0.1:1/api/v1/voice'
const problem = (status: number) => ({ type: 'about:blank', title: 'T', status, detail: 'D' })
const observed = (
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
): ObservedResponse => ({ method, url: `${API}${path}`, status, headers: new Headers(headers), body, text: '' })

describe('the contract check fails on drift', () => {
  it('accepts an answer the document allows', () => {
    expect(contractViolations(observed('GET', '/calls/call_x', 404, problem(404)))).toEqual([])
    expect(
      contractViolations(
        observed('DELETE', '/calls', 405, problem(405), {
          allow: 'GET, POST',
          'content-type': 'application/problem+json',
        }),
      ),
    ).toEqual([])
  })

  it('refuses a body that does not match the schema of its status', () => {
    const violations = contractViolations(observed('GET', '/account', 200, { client_id: 'cli_x' }))
    expect(violations.join('\n')).toMatch(
      /#\/components\/schemas\/Account: \(value\) must have required property 'tier'/,
    )
  })

  it('checks a success answer against the spec’s document too', () => {
    const violations = contractViolations(observed('GET', '/calls/call_x/status', 200, { status: 'DIALER_RINGING' }))
    expect(violations.join('\n')).toMatch(
      /spec document: #\/components\/schemas\/CallStatus: \(value\) must have required property 'call_id'/,
    )
  })

  it('refuses a status the operation does not document', () => {
    expect(contractViolations(observed('GET', '/calls/call_x/status', 418, problem(418)))).toEqual([
      expect.stringMatching(/^status 418 is not documented for GET \/api\/v1\/voice\/calls\/\{call_id\}\/status/),
    ])
  })

  it('refuses a documented error that is not problem+json, or lacks the headers a client acts on', () => {
    const plain = observed('GET', '/usage', 401, problem(401), { 'content-type': 'application/json' })
    expect(contractViolations(plain).join('\n')).toMatch(/Content-Type "application\/json" is not documented/)
    const noRetryAfter = observed('GET', '/usage', 429, problem(429))
    expect(contractViolations(noRetryAfter)).toContain('header Retry-After is missing')
  })

  it('refuses an error of an unknown route that is not a problem', () => {
    const html = observed('GET', '/nope', 404, undefined, { 'content-type': 'text/html' })
    expect(contractViolations(html).join('\n')).toMatch(/Content-Type "text\/html" is not documented/)
  })

  it('refuses a request the server accepted although the document forbids it', () => {
    const created = observed('POST', '/calls', 201, {})
    const request = { headers: new Headers(), body: JSON.stringify({ destination: 'not a number' }) }
    expect(contractViolations({ ...created, request }).join('\n')).toMatch(
      /accepted request body: #\/components\/schemas\/CreateCallRequest: \/destination must match pattern/,
    )
  })

  it('makes send() throw, naming the operation, the status and the body', async () => {
    const drifting: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"client_id":"cli_acme0001"}')
    })
    await new Promise<void>((resolve) => drifting.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = drifting.address() as AddressInfo
      await expect(send(`http://127.0.0.1:${port}/api/v1/voice/account`)).rejects.toThrow(
        /Contract drift: GET \/api\/v1\/voice\/account \(getAccount\) answered 200[\s\S]*body: \{"client_id":"cli_acme0001"\}/,
      )
    } finally {
      await new Promise((resolve) => drifting.close(resolve))
    }
  })
})
