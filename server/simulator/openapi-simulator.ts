// openapi.simulator.json: the API as the embedded simulator implements it, generated from the same zod
// schemas it validates with (contract/schemas.ts). The spec's operations and fields, plus the simulator's
// choices where the spec is silent (server/simulator/README.md, "Gap in the spec"): closed objects,
// non-null values, E.164 numbers, metadata limits, 201 on creation, problem+json errors with the
// headers a client acts on, Idempotency-Key format and replay, usage-history cursor and limits.
// A document of its own rather than x- extensions on openapi.json: Prism or a client generator reading
// openapi.json then cannot take a simulator choice for a promise of the service.
import type * as z from 'zod/mini'
import * as api from './contract/schemas'
import { IDEMPOTENCY_KEY_FORMAT } from './http/idempotency'
import {
  CONTACT,
  callIdParameter,
  componentsOf,
  describeOperation,
  type Io,
  jsonSchema,
  type OperationKey,
  TAGS,
} from './openapi-common'

const COMPONENTS = {
  ...componentsOf(api),
  Problem: [api.problemDetails, 'output'],
} satisfies Record<string, [z.ZodMiniType, Io]>
type Component = keyof typeof COMPONENTS

const ref = (name: Component) => ({ $ref: `#/components/schemas/${name}` })
const json = (name: Component) => ({ 'application/json': { schema: ref(name) } })

const PROBLEMS: Record<string, string> = {
  '400': 'Malformed JSON, wrong Content-Type, invalid fields (see errors[]), invalid cursor, limit, status or dates.',
  '401': 'Missing, malformed or unknown API key. Sent with WWW-Authenticate: Bearer.',
  '404': 'Unknown resource, or one that belongs to another account.',
  '405': 'Method not supported on this path (see the Allow header).',
  '408': 'The request did not arrive in time (headers within 60 s, the whole request within 300 s).',
  '409': 'Caller ID already verified, or a request with the same Idempotency-Key still in progress.',
  '413': 'Request body larger than 64 KiB.',
  '422': 'Idempotency-Key reused with a different request body.',
  '431': 'Request line and headers larger than 16 KB (a URL that long, say).',
  '429': 'Rate limit exceeded; Retry-After gives the seconds to wait.',
  '500': 'Unexpected error; never includes internals.',
  '503': 'Temporarily unavailable (fault injection); nothing was changed.',
}

/** Answers to a method no operation has (the paths exist): the contract check reads their headers here. */
const UNROUTED = ['405']

const retryAfter = (required: boolean) => ({
  description: 'Seconds to wait before sending the request again.',
  required,
  schema: { type: 'integer', minimum: 1 },
})

// Headers a client acts on: what to retry when, how to authenticate, which methods exist.
const PROBLEM_HEADERS: Record<string, Record<string, object>> = {
  '401': {
    'WWW-Authenticate': { description: 'Bearer realm="voice"', required: true, schema: { type: 'string' } },
  },
  '405': { Allow: { description: 'The methods the path supports.', required: true, schema: { type: 'string' } } },
  // Only the in-progress conflict can be retried; an already verified caller ID cannot.
  '409': { 'Retry-After': retryAfter(false) },
  '429': { 'Retry-After': retryAfter(true) },
  '503': { 'Retry-After': retryAfter(true) },
}

const replayedHeader = {
  'Idempotent-Replayed': {
    description: 'Present when the answer is the stored answer to an earlier request with the same Idempotency-Key.',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
}

const problemRef = (code: string) => ({ $ref: `#/components/responses/Problem${code}` })

function problems(...codes: string[]) {
  // 408 and 431 come from the HTTP server before any route: any operation may answer them.
  const always = ['401', '408', '429', '431', '500', '503']
  return Object.fromEntries([...new Set([...codes, ...always])].sort().map((code) => [code, problemRef(code)]))
}

const PARAMETER_TEXT: Record<string, string> = {
  cursor: 'The next_cursor of the previous page.',
  limit: 'Results per page.',
  status: 'Only calls in this status at the time of the query.',
  from_date: 'Only calls created at or after this ISO 8601 date or date-time.',
  to_date: 'Only calls created before this ISO 8601 date or date-time.',
}

function queryParameters(schema: z.ZodMiniObject) {
  const properties = (jsonSchema(schema, 'input').properties ?? {}) as Record<string, Record<string, unknown>>
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: PARAMETER_TEXT[name],
    schema: property,
  }))
}

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Up to 255 printable ASCII characters. Same key and body within 24 h replays the first answer.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_FORMAT.source },
}

function operation(
  key: OperationKey,
  success: { status: string; schema: Component; headers?: Record<string, object> },
  extra: Record<string, unknown> = {},
  errorCodes: string[] = [],
) {
  const { status, schema, headers } = success
  const described = describeOperation(key)
  return {
    ...described,
    ...extra,
    responses: {
      [status]: { description: described.summary, ...(headers ? { headers } : {}), content: json(schema) },
      ...problems(...errorCodes),
    },
  }
}

// Refinements do not survive the JSON Schema conversion; restate the metadata key limit.
function withMetadataLimit(schema: Record<string, unknown>) {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined
  if (properties?.metadata) properties.metadata.maxProperties = api.METADATA_LIMITS.maxKeys
  return schema
}

function componentSchemas() {
  const schemas = Object.fromEntries(
    Object.entries(COMPONENTS).map(([name, [schema, io]]) => [name, withMetadataLimit(jsonSchema(schema, io))]),
  ) as Record<Component, { properties: Record<string, unknown> }>
  // The list's items are the list item: one schema, named once.
  schemas.ListCallsResponse.properties.calls = { type: 'array', items: ref('CallListItem') }
  return schemas
}

export function buildSimulatorDocument(): object {
  const p = api.API_PREFIX
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voice Calling Service, as the embedded simulator implements it',
      version: '1',
      description:
        'The simulator’s document: the spec’s operations (openapi.json) with the choices the simulator makes ' +
        'where the spec is silent. These are not promises of the service; the dashboard reads the service by ' +
        'openapi.json. Generated from server/simulator/contract/schemas.ts; the choices are listed in ' +
        'server/simulator/README.md.',
      contact: CONTACT,
    },
    servers: [{ url: 'http://127.0.0.1:8787', description: 'Local simulator' }],
    security: [{ bearerAuth: [] }],
    tags: TAGS,
    'x-simulator-unrouted-responses': Object.fromEntries(UNROUTED.map((code) => [code, problemRef(code)])),
    paths: {
      [`${p}/caller-ids`]: {
        post: operation(
          'post /caller-ids',
          { status: '201', schema: 'StartVerificationResponse', headers: replayedHeader },
          { parameters: [idempotencyKey], requestBody: { required: true, content: json('StartVerificationRequest') } },
          ['400', '409', '413', '422'],
        ),
        get: operation('get /caller-ids', { status: '200', schema: 'ListCallerIdsResponse' }),
      },
      [`${p}/calls`]: {
        post: operation(
          'post /calls',
          { status: '201', schema: 'CreateCallResponse', headers: replayedHeader },
          { parameters: [idempotencyKey], requestBody: { required: true, content: json('CreateCallRequest') } },
          ['400', '409', '413', '422'],
        ),
        get: operation(
          'get /calls',
          { status: '200', schema: 'ListCallsResponse' },
          { parameters: queryParameters(api.listCallsQuery) },
          ['400'],
        ),
      },
      [`${p}/calls/{call_id}`]: {
        get: operation(
          'get /calls/{call_id}',
          { status: '200', schema: 'CallDetail' },
          { parameters: [callIdParameter] },
          ['404'],
        ),
      },
      [`${p}/calls/{call_id}/status`]: {
        get: operation(
          'get /calls/{call_id}/status',
          { status: '200', schema: 'CallStatus' },
          { parameters: [callIdParameter] },
          ['404'],
        ),
      },
      [`${p}/calls/{call_id}/recordings`]: {
        get: operation(
          'get /calls/{call_id}/recordings',
          { status: '200', schema: 'CallRecordings' },
          { parameters: [callIdParameter] },
          ['404'],
        ),
      },
      [`${p}/account`]: { get: operation('get /account', { status: '200', schema: 'Account' }) },
      [`${p}/usage`]: { get: operation('get /usage', { status: '200', schema: 'UsageSummary' }) },
      [`${p}/usage/history`]: {
        get: operation(
          'get /usage/history',
          { status: '200', schema: 'UsageHistory' },
          { parameters: queryParameters(api.usageHistoryQuery) },
          ['400'],
        ),
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
      },
      schemas: componentSchemas(),
      responses: Object.fromEntries(
        Object.entries(PROBLEMS).map(([code, description]) => [
          `Problem${code}`,
          {
            description,
            ...(PROBLEM_HEADERS[code] ? { headers: PROBLEM_HEADERS[code] } : {}),
            content: { 'application/problem+json': { schema: ref('Problem') } },
          },
        ]),
      ),
    },
  }
}
