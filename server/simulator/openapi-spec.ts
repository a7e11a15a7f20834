// openapi.json: what the Voice Calling Service promises, and only that. Generated from the schemas
// the dashboard and the console read answers with (src/api/contract/schemas.ts), so the document and the
// reader cannot disagree: objects open, unknown statuses and formats allowed, nothing nullable or
// required beyond what the spec says, success as any 2XX (the spec gives no status code). Error
// bodies, Retry-After, idempotency, phone pattern and metadata limits are not in the spec, so not here;
// the simulator's choices are in openapi.simulator.json (openapi-simulator.ts).
import * as z from 'zod/mini'
import * as spec from '../../src/api/contract/schemas'
import {
  CONTACT,
  callIdParameter,
  componentsOf,
  describeOperation,
  jsonSchema,
  type OperationKey,
  TAGS,
} from './openapi-common'

// Requests as the spec promises them: no field is said to be required.
const COMPONENTS = componentsOf({
  ...spec,
  createCallRequest: z.partial(spec.createCallRequest),
  startVerificationRequest: z.partial(spec.startVerificationRequest),
})
type Component = keyof typeof COMPONENTS

const ref = (name: Component) => ({ $ref: `#/components/schemas/${name}` })
const json = (name: Component) => ({ 'application/json': { schema: ref(name) } })

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER

/**
 * Says what the spec says and no more: an object is open without `additionalProperties: {}`, a
 * timestamp is `format: date-time` (zod's own pattern for it is an implementation detail), and an
 * integer has no bound the spec never gave (zod writes the safe-integer range).
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy)
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    const isEmptyObject = typeof inner === 'object' && inner !== null && Object.keys(inner).length === 0
    if (key === 'additionalProperties' && isEmptyObject) continue
    if (key === 'propertyNames') continue
    if (key === 'pattern' && (value as Record<string, unknown>).format === 'date-time') continue
    if ((key === 'minimum' && inner === -SAFE_INTEGER) || (key === 'maximum' && inner === SAFE_INTEGER)) continue
    out[key] = tidy(inner)
  }
  return out
}

function componentSchemas() {
  const schemas = Object.fromEntries(
    Object.entries(COMPONENTS).map(([name, [schema, io]]) => [name, tidy(jsonSchema(schema, io))]),
  ) as Record<Component, { properties: Record<string, Record<string, unknown>> }>
  // The list's items are the list item: one schema, named once.
  schemas.ListCallsResponse.properties.calls = { type: 'array', items: ref('CallListItem') }
  return schemas
}

function operation(key: OperationKey, answer: Component, extra: Record<string, unknown> = {}) {
  const described = describeOperation(key)
  return {
    ...described,
    ...extra,
    // The spec gives no success status code for any operation.
    responses: { '2XX': { description: described.summary, content: json(answer) } },
  }
}

const query = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
})

const LIST_CALLS_PARAMETERS = [
  query('cursor', 'Pagination cursor from a previous response.', { type: 'string' }),
  query('limit', 'Results per page, 1 to 100.', {
    type: 'integer',
    minimum: spec.CALL_PAGE_SIZE.min,
    maximum: spec.CALL_PAGE_SIZE.max,
    default: spec.CALL_PAGE_SIZE.default,
  }),
  query('status', 'Filter by call status.', { type: 'string', enum: [...spec.CALL_STATUSES] }),
  query('from_date', 'Only calls created after this ISO 8601 date.', { type: 'string' }),
  query('to_date', 'Only calls created before this ISO 8601 date.', { type: 'string' }),
]

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Sent with the request. Its format, and what happens when it is repeated, are not shown by the spec.',
  schema: { type: 'string' },
}

/** The spec's document: every path under the API prefix, as the spec gives it. */
export function buildSpecDocument(): object {
  const p = spec.API_PREFIX
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voice Calling Service',
      version: '1',
      description:
        'What the Voice Calling Service promises, written from its interface document and nothing more. ' +
        'Objects may carry further fields. Which fields may be null or absent is not shown, so only identifiers ' +
        'and statuses are required and every other field may be null. Statuses and formats may take values ' +
        'beyond those listed. Success status codes, error bodies and codes, rate limits, the Idempotency-Key ' +
        'format and replay, phone number patterns and metadata limits are not shown. Generated from ' +
        'src/api/contract/schemas.ts; the embedded simulator’s own choices are in openapi.simulator.json.',
      contact: CONTACT,
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The service base address; every path starts with /api/v1/voice.',
        variables: { base_url: { default: 'http://127.0.0.1:8787', description: 'The service base address.' } },
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: TAGS,
    paths: {
      [`${p}/caller-ids`]: {
        post: operation('post /caller-ids', 'StartVerificationResponse', {
          requestBody: { content: json('StartVerificationRequest') },
        }),
        get: operation('get /caller-ids', 'ListCallerIdsResponse'),
      },
      [`${p}/calls`]: {
        post: operation('post /calls', 'CreateCallResponse', {
          parameters: [idempotencyKey],
          requestBody: { content: json('CreateCallRequest') },
        }),
        get: operation('get /calls', 'ListCallsResponse', { parameters: LIST_CALLS_PARAMETERS }),
      },
      [`${p}/calls/{call_id}`]: {
        get: operation('get /calls/{call_id}', 'CallDetail', { parameters: [callIdParameter] }),
      },
      [`${p}/calls/{call_id}/status`]: {
        get: operation('get /calls/{call_id}/status', 'CallStatus', { parameters: [callIdParameter] }),
      },
      [`${p}/calls/{call_id}/recordings`]: {
        get: operation('get /calls/{call_id}/recordings', 'CallRecordings', { parameters: [callIdParameter] }),
      },
      [`${p}/account`]: { get: operation('get /account', 'Account') },
      [`${p}/usage`]: { get: operation('get /usage', 'UsageSummary') },
      [`${p}/usage/history`]: {
        get: operation('get /usage/history', 'UsageHistory', {
          parameters: [
            query('limit', 'How many periods to return; bounds and default are not shown.', { type: 'integer' }),
          ],
        }),
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Every request carries Authorization: Bearer <API_KEY>; the key identifies the client account.',
        },
      },
      schemas: componentSchemas(),
    },
  }
}
