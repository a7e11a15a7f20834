// What the two OpenAPI documents share: the operations as the spec describes them (their words,
// from ../shared/spec/voice-calling-service-interface.md), their tags, and the zod to JSON Schema step.
import * as z from 'zod/mini'

export type Io = 'input' | 'output'

/** JSON Schema of a zod schema, without its `$schema` (a component of the document is not a document). */
export function jsonSchema(schema: z.ZodMiniType, io: Io): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
  return rest
}

type SchemaOf<Name extends string> = Record<Name, z.ZodMiniType>

/** The zod schemas the components are made of: the spec's reading (src/api/contract/schemas.ts) or the simulator's own. */
export type ComponentSources = SchemaOf<
  | 'createCallRequest'
  | 'createCallResponse'
  | 'callListItem'
  | 'listCallsResponse'
  | 'callDetail'
  | 'callStatusResponse'
  | 'callRecordings'
  | 'startVerificationRequest'
  | 'startVerificationResponse'
  | 'listCallerIdsResponse'
  | 'account'
  | 'usageSummary'
  | 'usageHistory'
>

/** The components both documents name, each with the side of the schema it describes. */
export function componentsOf(s: ComponentSources) {
  return {
    CreateCallRequest: [s.createCallRequest, 'input'],
    CreateCallResponse: [s.createCallResponse, 'output'],
    CallListItem: [s.callListItem, 'output'],
    ListCallsResponse: [s.listCallsResponse, 'output'],
    CallDetail: [s.callDetail, 'output'],
    CallStatus: [s.callStatusResponse, 'output'],
    CallRecordings: [s.callRecordings, 'output'],
    StartVerificationRequest: [s.startVerificationRequest, 'input'],
    StartVerificationResponse: [s.startVerificationResponse, 'output'],
    ListCallerIdsResponse: [s.listCallerIdsResponse, 'output'],
    Account: [s.account, 'output'],
    UsageSummary: [s.usageSummary, 'output'],
    UsageHistory: [s.usageHistory, 'output'],
  } satisfies Record<string, [z.ZodMiniType, Io]>
}

export const CONTACT = { name: 'Voice Dashboard maintainers', url: 'https://voice-dashboard.dev' }

export const TAGS = [
  { name: 'Caller IDs', description: 'Phone numbers the account may show to the callee, and their verification.' },
  { name: 'Calls', description: 'Outbound calls: start one, follow its status, read its details and recordings.' },
  { name: 'Account and usage', description: 'The account, its tier, and its usage per billing period.' },
] as const
type Tag = (typeof TAGS)[number]['name']

export interface OperationText {
  operationId: string
  summary: string
  /** The spec's own words about the operation. */
  description: string
  tag: Tag
}

/** The ten operations, by method and path under the API prefix, in the spec's words. */
export const OPERATION_TEXT = {
  'post /caller-ids': {
    operationId: 'startCallerIdVerification',
    summary: 'Start verification of a caller ID',
    description:
      'Start verification of a new caller ID. A verification call is placed to the number and the returned ' +
      'validation_code is the code entered when prompted.',
    tag: 'Caller IDs',
  },
  'get /caller-ids': {
    operationId: 'listCallerIds',
    summary: 'List the caller IDs of the account',
    description: 'List caller IDs of the account. The answer holds the verified caller IDs of the account.',
    tag: 'Caller IDs',
  },
  'post /calls': {
    operationId: 'createCall',
    summary: 'Start an outbound call',
    description:
      'Start an outbound call, with optional recording. A call created through this operation is returned in ' +
      'status `queued`.',
    tag: 'Calls',
  },
  'get /calls': {
    operationId: 'listCalls',
    summary: 'List calls',
    description: 'List calls. `next_cursor` is the cursor for the next page.',
    tag: 'Calls',
  },
  'get /calls/{call_id}': {
    operationId: 'getCall',
    summary: 'Call detail',
    description: 'Call detail. The path parameter is the call_id.',
    tag: 'Calls',
  },
  'get /calls/{call_id}/status': {
    operationId: 'getCallStatus',
    summary: 'Real-time call status',
    description:
      'Real-time call status. The call state is read by polling this operation. A ringing call reports ' +
      'DIALER_RINGING with duration_seconds null.',
    tag: 'Calls',
  },
  'get /calls/{call_id}/recordings': {
    operationId: 'getCallRecordings',
    summary: 'Recordings of a call',
    description: 'Recordings of a completed call.',
    tag: 'Calls',
  },
  'get /account': {
    operationId: 'getAccount',
    summary: 'Account, tier and current usage',
    description: 'Account, tier and current usage. Account-level quantities are reported in minutes.',
    tag: 'Account and usage',
  },
  'get /usage': {
    operationId: 'getUsage',
    summary: 'Usage summary of the current billing period',
    description:
      'Usage summary of the current billing period. Observed relations: remaining_minutes equals ' +
      'committed_minutes minus actual_minutes_used; usage_percent is actual_minutes_used divided by ' +
      'committed_minutes as a percentage.',
    tag: 'Account and usage',
  },
  'get /usage/history': {
    operationId: 'getUsageHistory',
    summary: 'Usage per billing period',
    description:
      'Usage per billing period, newest period first. `next_cursor` is null when there are no further results.',
    tag: 'Account and usage',
  },
} as const satisfies Record<string, OperationText>

export type OperationKey = keyof typeof OPERATION_TEXT

/** An operation's identity and words, as OpenAPI writes them. */
export function describeOperation(key: OperationKey) {
  const { operationId, summary, description, tag } = OPERATION_TEXT[key]
  return { operationId, summary, description, tags: [tag] }
}

export const callIdParameter = {
  name: 'call_id',
  in: 'path',
  required: true,
  description: 'The call’s identifier: `call_` followed by an opaque string.',
  schema: { type: 'string', pattern: '^call_' },
}
