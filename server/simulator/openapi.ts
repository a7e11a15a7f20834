import * as z from 'zod/mini'
import * as api from './contract/schemas'
import { IDEMPOTENCY_KEY_FORMAT } from './http/idempotency'

// The OpenAPI 3.1 document, generated from the same zod schemas the simulator validates with.

type Io = 'input' | 'output'

function jsonSchema(schema: z.ZodMiniType, io: Io): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
  return rest
}

const COMPONENTS: Record<string, [z.ZodMiniType, Io]> = {
  CreateCallRequest: [api.createCallRequest, 'input'],
  CreateCallResponse: [api.createCallResponse, 'output'],
  CallListItem: [api.callListItem, 'output'],
  ListCallsResponse: [api.listCallsResponse, 'output'],
  CallDetail: [api.callDetail, 'output'],
  CallStatus: [api.callStatusResponse, 'output'],
  CallRecordings: [api.callRecordings, 'output'],
  StartVerificationRequest: [api.startVerificationRequest, 'input'],
  StartVerificationResponse: [api.startVerificationResponse, 'output'],
  ListCallerIdsResponse: [api.listCallerIdsResponse, 'output'],
  Account: [api.account, 'output'],
  UsageSummary: [api.usageSummary, 'output'],
  UsageHistory: [api.usageHistory, 'output'],
  Problem: [api.problemDetails, 'output'],
}

const ref = (name: keyof typeof COMPONENTS) => ({ $ref: `#/components/schemas/${name}` })
const json = (name: keyof typeof COMPONENTS) => ({ 'application/json': { schema: ref(name) } })

const PROBLEMS: Record<string, string> = {
  '400': 'Malformed JSON, wrong Content-Type, invalid fields (see errors[]), invalid cursor, limit, status or dates.',
  '401': 'Missing, malformed or unknown API key. Sent with WWW-Authenticate: Bearer.',
  '404': 'Unknown resource, or one that belongs to another account.',
  '405': 'Method not supported on this path (see the Allow header).',
  '409': 'Caller ID already verified, or a request with the same Idempotency-Key still in progress.',
  '413': 'Request body larger than 64 KiB.',
  '422': 'Idempotency-Key reused with a different request body.',
  '429': 'Rate limit exceeded; Retry-After gives the seconds to wait.',
  '500': 'Unexpected error; never includes internals.',
  '503': 'Temporarily unavailable (fault injection); nothing was changed.',
}

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

function problems(...codes: string[]) {
  const always = ['401', '429', '500', '503']
  return Object.fromEntries(
    [...new Set([...codes, ...always])].sort().map((code) => [code, { $ref: `#/components/responses/Problem${code}` }]),
  )
}

function queryParameters(schema: z.ZodMiniObject) {
  const properties = (jsonSchema(schema, 'input').properties ?? {}) as Record<string, Record<string, unknown>>
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
  }))
}

const callIdParameter = {
  name: 'call_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^call_' },
}
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Up to 255 printable ASCII characters. Same key and body within 24 h replays the first answer.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_FORMAT.source },
}

function operation(
  operationId: string,
  summary: string,
  success: { status: string; schema: keyof typeof COMPONENTS; headers?: Record<string, object> },
  extra: Record<string, unknown> = {},
  errorCodes: string[] = [],
) {
  const { status, schema, headers } = success
  return {
    operationId,
    summary,
    ...extra,
    responses: {
      [status]: { description: summary, ...(headers ? { headers } : {}), content: json(schema) },
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

export function buildOpenApiDocument(): object {
  const p = api.API_PREFIX
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voice Calling Service',
      version: '1',
      description:
        'Generated from src/api/schemas.ts. Behaviour the service documentation leaves open follows the simulator (server/simulator/README.md).',
    },
    servers: [{ url: 'http://127.0.0.1:8787', description: 'Local simulator' }],
    security: [{ bearerAuth: [] }],
    paths: {
      [`${p}/caller-ids`]: {
        post: operation(
          'startCallerIdVerification',
          'Start verification of a caller ID',
          { status: '201', schema: 'StartVerificationResponse', headers: replayedHeader },
          { parameters: [idempotencyKey], requestBody: { required: true, content: json('StartVerificationRequest') } },
          ['400', '409', '413', '422'],
        ),
        get: operation('listCallerIds', 'List the verified caller IDs of the account', {
          status: '200',
          schema: 'ListCallerIdsResponse',
        }),
      },
      [`${p}/calls`]: {
        post: operation(
          'createCall',
          'Start an outbound call',
          { status: '201', schema: 'CreateCallResponse', headers: replayedHeader },
          { parameters: [idempotencyKey], requestBody: { required: true, content: json('CreateCallRequest') } },
          ['400', '409', '413', '422'],
        ),
        get: operation(
          'listCalls',
          'List calls, newest first',
          { status: '200', schema: 'ListCallsResponse' },
          { parameters: queryParameters(api.listCallsQuery) },
          ['400'],
        ),
      },
      [`${p}/calls/{call_id}`]: {
        get: operation(
          'getCall',
          'Call detail',
          { status: '200', schema: 'CallDetail' },
          { parameters: [callIdParameter] },
          ['404'],
        ),
      },
      [`${p}/calls/{call_id}/status`]: {
        get: operation(
          'getCallStatus',
          'Real-time call status',
          { status: '200', schema: 'CallStatus' },
          { parameters: [callIdParameter] },
          ['404'],
        ),
      },
      [`${p}/calls/{call_id}/recordings`]: {
        get: operation(
          'getCallRecordings',
          'Recordings of a call',
          { status: '200', schema: 'CallRecordings' },
          { parameters: [callIdParameter] },
          ['404'],
        ),
      },
      [`${p}/account`]: {
        get: operation('getAccount', 'Account, tier and current usage', { status: '200', schema: 'Account' }),
      },
      [`${p}/usage`]: {
        get: operation('getUsage', 'Usage summary of the current billing period', {
          status: '200',
          schema: 'UsageSummary',
        }),
      },
      [`${p}/usage/history`]: {
        get: operation(
          'getUsageHistory',
          'Usage per billing period, newest first',
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
      schemas: Object.fromEntries(
        Object.entries(COMPONENTS).map(([name, [schema, io]]) => [name, withMetadataLimit(jsonSchema(schema, io))]),
      ),
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
