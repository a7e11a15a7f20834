// The OpenAPI 3.1 document: served and committed as built, naming the ten operations of the
// spec; and the contract check that send() runs on every answer of the API tests, proven to fail.
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

describe('the OpenAPI document', () => {
  it('is served, without an API key, exactly as the contract check builds it', async () => {
    const res = await send(`${sim.url}/api/v1/voice/openapi.json`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(asJson(doc))
  })

  it('is committed up to date: run `npm run openapi` after changing the contract', () => {
    const committed = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'))
    expect(committed).toEqual(asJson(doc))
  })

  it('is OpenAPI 3.1 with bearer authentication', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(Object.values(doc.components.securitySchemes)).toContainEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    )
    expect(doc.security?.length).toBeGreaterThan(0)
  })

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
