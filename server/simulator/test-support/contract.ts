// Contract drift: every answer the API tests receive is checked strictly against the simulator's
// OpenAPI document (openapi.simulator.json), so the document and the server cannot disagree; and
// every success answer against the spec's (openapi.json), so the simulator never answers what a
// faithful service could not.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { getPath } from 'hono/utils/url'
import { buildSimulatorDocument } from '../openapi-simulator'
import { buildSpecDocument } from '../openapi-spec'

interface HeaderObject {
  required?: boolean
  schema: { type?: string }
}
type Content = Record<string, { schema: { $ref: string } }>
interface ResponseObject {
  description?: string
  headers?: Record<string, HeaderObject>
  content?: Content
  $ref?: string
}
interface OpenApiOperation {
  operationId?: string
  parameters?: { name: string; in: string; schema: object }[]
  requestBody?: { content: Content }
  responses: Record<string, ResponseObject>
}
export interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, OpenApiOperation>>
  components: {
    schemas: Record<string, object>
    responses: Record<string, ResponseObject>
    securitySchemes: Record<string, { type: string; scheme: string }>
  }
  security?: unknown[]
}

/** Built in-process, so the check needs no server; openapi.test.ts proves the served one is the same. */
export const OPENAPI_DOCUMENT = buildSimulatorDocument() as OpenApiDocument
/** What the service promises: every success answer of the simulator must satisfy it too. */
export const SPEC_DOCUMENT = buildSpecDocument() as Omit<OpenApiDocument, 'components'> & {
  components: Pick<OpenApiDocument['components'], 'schemas' | 'securitySchemes'>
}

export const PROBLEM_SCHEMA = '#/components/schemas/Problem'

// Strict mode off: zod adds annotations (example) that are not validation keywords.
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
ajv.addSchema({ $id: 'openapi.json', components: OPENAPI_DOCUMENT.components }, 'openapi.json')
ajv.addSchema({ $id: 'spec.json', components: SPEC_DOCUMENT.components }, 'spec.json')

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '(value)'} ${e.message}`)

/** Validates data against a schema of the document given by its $ref; returns the errors, none when valid. */
export function validateSchema(
  ref: string,
  data: unknown,
  document: 'openapi.json' | 'spec.json' = 'openapi.json',
): string[] {
  const check = ajv.getSchema(`${document}${ref}`)
  if (!check) throw new Error(`the OpenAPI document has no schema at ${ref}`)
  return check(data) ? [] : describeErrors(check.errors)
}

const TEMPLATES = Object.keys(OPENAPI_DOCUMENT.paths).map((template) => ({ template, segments: template.split('/') }))

const matches = (segments: string[], path: string[]) =>
  segments.length === path.length &&
  segments.every((segment, i) => (segment.startsWith('{') ? (path[i] ?? '') !== '' : segment === path[i]))

interface DocumentedOperation {
  /** e.g. "GET /api/v1/voice/calls/{call_id}/status (getCallStatus)" */
  name: string
  operation: OpenApiOperation
}

/** The operation a request reaches, found as the server routes it: by method and path template. */
function findOperation(method: string, url: string): DocumentedOperation | undefined {
  // Hono's own reading of the path (percent-decoding included), so both sides agree on the route.
  const path = getPath({ url } as Request).split('/')
  const lower = method.toLowerCase()
  for (const { template, segments } of TEMPLATES) {
    const operation = OPENAPI_DOCUMENT.paths[template]?.[lower]
    if (operation && matches(segments, path)) {
      return { name: `${method.toUpperCase()} ${template} (${operation.operationId})`, operation }
    }
  }
  return undefined
}

export interface ObservedResponse {
  method: string
  url: string
  status: number
  headers: Headers
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown
  text: string
  /** What was sent: an accepted request must be one the document allows. */
  request?: { headers: Headers; body?: string }
}

const resolve = (response: ResponseObject): ResponseObject =>
  response.$ref
    ? (OPENAPI_DOCUMENT.components.responses[response.$ref.replace('#/components/responses/', '')] ?? {})
    : response

function headerViolations(res: ObservedResponse, documented: Record<string, HeaderObject> = {}): string[] {
  return Object.entries(documented).flatMap(([name, header]) => {
    const raw = res.headers.get(name)
    if (raw === null) return header.required ? [`header ${name} is missing`] : []
    // Header values are text; a numeric schema describes the number the text spells.
    const value = header.schema.type === 'integer' || header.schema.type === 'number' ? Number(raw) : raw
    return ajv.validate(header.schema, value) ? [] : describeErrors(ajv.errors).map((e) => `header ${name} ${e}`)
  })
}

function bodyViolations(res: ObservedResponse, content: Content): string[] {
  const contentType = res.headers.get('content-type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  const documented = content[mediaType]
  if (!documented) return [`Content-Type "${contentType}" is not documented (${Object.keys(content).join(', ')})`]
  const ref = documented.schema.$ref
  return validateSchema(ref, res.body).map((error) => `${ref}: ${error}`)
}

function responseViolations(res: ObservedResponse, response: ResponseObject): string[] {
  // A HEAD answer has no body to check.
  const body = response.content && res.method.toUpperCase() !== 'HEAD' ? bodyViolations(res, response.content) : []
  return [...headerViolations(res, response.headers), ...body]
}

/** A request the server accepted (2xx) must be one the document allows: its body and header parameters. */
function acceptedRequestViolations(res: ObservedResponse, operation: OpenApiOperation): string[] {
  if (!res.request || res.status < 200 || res.status >= 300) return []
  const { headers, body } = res.request
  const headerParameters = (operation.parameters ?? []).filter((p) => p.in === 'header')
  const violations = headerParameters.flatMap(({ name, schema }) => {
    const value = headers.get(name)
    const valid = value === null || ajv.validate(schema, value)
    return valid ? [] : describeErrors(ajv.errors).map((e) => `accepted request header ${name}: ${e}`)
  })
  const ref = operation.requestBody?.content['application/json']?.schema.$ref
  if (!ref || body === undefined) return violations
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return [...violations, 'accepted a request body that is not JSON']
  }
  return [...violations, ...validateSchema(ref, parsed).map((e) => `accepted request body: ${ref}: ${e}`)]
}

/** A success answer the spec's document would not allow (it documents success bodies only, as any 2XX). */
function specViolations(res: ObservedResponse): string[] {
  if (res.status < 200 || res.status >= 300 || res.method.toUpperCase() === 'HEAD') return []
  const template = findOperation(res.method, res.url)?.name.split(' ')[1]
  const success = template ? SPEC_DOCUMENT.paths[template]?.[res.method.toLowerCase()]?.responses['2XX'] : undefined
  const ref = success?.content?.['application/json']?.schema.$ref
  if (!ref) return []
  return validateSchema(ref, res.body, 'spec.json').map((error) => `spec document: ${ref}: ${error}`)
}

/** Why a response disagrees with the documents: empty when it agrees. */
export function contractViolations(res: ObservedResponse): string[] {
  const found = findOperation(res.method, res.url)
  if (!found) {
    // Unknown routes, other methods, /storage and the document itself: an error is still a problem,
    // with the headers the document gives that status wherever it is used.
    if (res.status < 400) return []
    const shared = OPENAPI_DOCUMENT.components.responses[`Problem${res.status}`]
    const content = { 'application/problem+json': { schema: { $ref: PROBLEM_SCHEMA } } }
    return responseViolations(res, { ...shared, content })
  }
  const documented = found.operation.responses[String(res.status)] ?? found.operation.responses.default
  if (!documented) {
    const statuses = Object.keys(found.operation.responses).join(', ')
    return [`status ${res.status} is not documented for ${found.name} (documented: ${statuses})`]
  }
  return [
    ...responseViolations(res, resolve(documented)),
    ...acceptedRequestViolations(res, found.operation),
    ...specViolations(res),
  ]
}

/** Throws when a response disagrees with the document, naming the operation, the errors and the body. */
export function assertContract(res: ObservedResponse): void {
  const violations = contractViolations(res)
  if (violations.length === 0) return
  const operation = findOperation(res.method, res.url)?.name ?? `${res.method.toUpperCase()} ${res.url} (no operation)`
  throw new Error(
    `Contract drift: ${operation} answered ${res.status}, which the OpenAPI document does not allow:\n` +
      `  ${violations.join('\n  ')}\n  body: ${res.text.slice(0, 300)}`,
  )
}
