// Contract drift: the served OpenAPI 3.1 document names the ten operations of
// the spec, and real answers of the simulator validate against its schemas.
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY, type ApiClient, api, send } from './test-support/api'
import { createCall, TEST_NUMBERS } from './test-support/calls'
import { OPERATIONS, opName, withCallId } from './test-support/operations'
import { FakeClock, startTestSimulator, type TestSimulator } from './test-support/simulator'

interface OpenApiOperation {
  operationId?: string
  parameters?: { name: string; in: string }[]
  requestBody?: { content: Record<string, { schema: { $ref: string } }> }
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }>; $ref?: string }>
}
interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, object>; securitySchemes: Record<string, { type: string; scheme: string }> }
  security?: unknown[]
}

// A clock moved by hand, so no call changes state between two reads of a test.
const clock = new FakeClock()
let sim: TestSimulator
let acme: ApiClient
let doc: OpenApiDocument
let callId: string
let validate: ReturnType<typeof validator>

beforeAll(async () => {
  sim = await startTestSimulator({ speed: 1, now: clock.now })
  acme = api(sim, ACME_KEY)
  // Public: no API key needed to read the contract.
  const res = await send<OpenApiDocument>(`${sim.url}/api/v1/voice/openapi.json`)
  expect(res.status).toBe(200)
  doc = res.body
  validate = validator()
  callId = (await createCall(acme, { destination: TEST_NUMBERS.completes, record: true })).call_id
  clock.advance(30 * 60_000)
})
afterAll(() => sim?.close())

const fullPath = (path: string) => `/api/v1/voice${path}`
const operationOf = (op: (typeof OPERATIONS)[number]) => doc.paths[fullPath(op.path)]?.[op.method.toLowerCase()]

/** A validator for every component schema, referenced as the document does. */
function validator() {
  // Strict mode off: zod adds annotations (example) that are not validation keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema({ $id: 'openapi.json', components: doc.components }, 'openapi.json')
  return (ref: string, data: unknown) => {
    const check = ajv.getSchema(`openapi.json${ref}`)
    if (!check) throw new Error(`no schema at ${ref}`)
    return check(data) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
  }
}

describe('the OpenAPI document', () => {
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
      expect(Object.keys(operation?.responses ?? {}), opName(op)).toContain('401')
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
      expect(() => validate(`#/components/schemas/${name}`, {}), name).not.toThrow()
    }
  })
})

describe('real answers validate against the document', () => {
  for (const op of OPERATIONS) {
    it(`${opName(op)}`, async () => {
      const path = withCallId(op.path, callId)
      const caller = ((await acme.get('/caller-ids')).body as { caller_ids: { phone_number: string }[] }).caller_ids[0]
      const body = op.path === '/calls' ? { ...op.body, caller_id: caller?.phone_number } : op.body
      const res = op.method === 'GET' ? await acme.get(path) : await acme.post(path, body)
      const operation = operationOf(op)
      const response = operation?.responses[String(res.status)]
      expect(response, `${res.status} is not documented for ${opName(op)}: ${res.text}`).toBeDefined()
      const ref = response?.content?.['application/json']?.schema.$ref ?? ''
      expect(validate(ref, res.body)).toEqual([])
    })
  }

  it('a problem answer validates against the Problem schema', async () => {
    const res = await acme.post('/calls', { destination: 'nope' })
    expect(res.status).toBe(400)
    expect(validate('#/components/schemas/Problem', res.body)).toEqual([])
    const ref = operationOf(OPERATIONS[2] ?? OPERATIONS[0] ?? ({} as never))?.responses['400']?.$ref
    expect(ref).toBe('#/components/responses/Problem400')
  })
})
