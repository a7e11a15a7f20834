// What the Voice Calling Service promises, read from ../shared/spec/voice-calling-service-interface.md
// and nothing more. The dashboard and the console read every answer of the service with these
// schemas: objects stay open (unknown fields are kept), a value the spec does not strictly need
// may be null or missing, unknown statuses and formats are kept as they came, and metadata may
// have any size or shape. Only what a page cannot do without is required (ids and statuses).
// openapi.json is generated from these schemas (server/simulator/openapi-spec.ts). The simulator's own,
// stricter choices live in server/simulator/contract/ and are never used to read an answer.
// Written in zod/mini, as is all of src/: the browser downloads only the parts a schema uses
// (classic zod carries every method on every schema, about 17 KB gzip more).
import * as z from 'zod/mini'

// In the browser, zod would probe `new Function` to compile its parsers; our CSP forbids eval,
// so the probe is blocked and reported as a violation. This must run before any schema below
// is built. The simulator keeps the compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true })

export const API_PREFIX = '/api/v1/voice'

// ---------------------------------------------------------------- primitives

/** ISO 8601 UTC timestamp, e.g. 2026-11-22T03:10:52Z. A `+00:00` offset is UTC too, so it is accepted. */
export const timestamp = z.iso.datetime({ offset: true }).check(z.meta({ example: '2026-11-22T03:10:52Z' }))

/** A number the dashboard sends: in international format with a leading plus sign, as the spec says, and no more. */
export const phoneNumber = z
  .string()
  .check(
    z.regex(/^\+/, { error: 'Enter a phone number in international format, with a plus sign and the country code.' }),
    z.meta({ example: '+14155550100' }),
  )

export const callId = z.string().check(z.regex(/^call_/), z.meta({ example: 'call_01JD5X2Q8Y0000000000000000' }))
export const callerIdId = z.string().check(z.regex(/^cid_/), z.meta({ example: 'cid_8f2k4m9q1z' }))
export const clientId = z.string().check(z.regex(/^cli_/), z.meta({ example: 'cli_acme0001' }))

/** A count, a duration or a number of minutes: a whole number, zero or more. */
export const nonNegativeInt = z.int().check(z.nonnegative())

/** The spec's `integer`: a whole number and no more (no bound is promised, so none is checked). */
const integer = z.int()

/** A value a page can do without: the spec types it, and never says it cannot be null or absent. */
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema))

/**
 * Accepts the documented values and any other string, so a value the real
 * service adds later is shown as it comes instead of failing the parse.
 */
function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()])
}

// ---------------------------------------------------------------- states

export const CALL_STATUSES = ['DIALER_INITIATED', 'DIALER_RINGING', 'DIALER_COMPLETED', 'DIALER_FAILED'] as const
export const callStatus = z.enum(CALL_STATUSES)
export type CallStatus = z.infer<typeof callStatus>

/** Only the creation response reports `queued`; it is not a list filter value. */
export const QUEUED = 'queued' as const
export const FINISHED_CALL_STATUSES: readonly string[] = ['DIALER_COMPLETED', 'DIALER_FAILED']
/** The listed statuses of a call not yet ended: what the board and the index's refresh ask the list for. */
export const IN_FLIGHT_CALL_STATUSES = ['DIALER_INITIATED', 'DIALER_RINGING'] as const satisfies readonly CallStatus[]

export const PERIOD_STATUSES = ['DIALER_ACTIVE', 'DIALER_COMPLETED'] as const
export const ACCOUNT_STATUSES = ['ACTIVE'] as const
export const VERIFICATION_STATUSES = ['VERIFIED'] as const
export const CNAM_STATUSES = ['APPROVED'] as const

// ---------------------------------------------------------------- calls

export const callLinks = z.looseObject({
  self: maybe(z.string().check(z.meta({ example: '/api/v1/voice/calls/call_01JD5X2Q8Y0000000000000000' }))),
  status: maybe(z.string()),
  recordings: maybe(z.string()),
})

/** Caller-supplied key/value pairs, echoed back: the spec gives neither size, key constraints nor value types. */
export const metadata = z.record(z.string(), z.unknown())
export type Metadata = z.infer<typeof metadata>

/** A metadata key the form can send: the spec gives no constraint, and an empty key names nothing. */
export const metadataKey = z.string().check(z.minLength(1, { error: 'Metadata keys cannot be empty.' }))

/** Whether to record the call; the request's field without its default, for a form that always has a value. */
export const recordFlag = z.boolean({ error: 'record must be true or false.' })

/**
 * The body the dashboard sends. The spec says which fields exist, not which are required
 * nor any limit: the service's own refusal (its problem answer) is shown when it has one.
 */
export const createCallRequest = z.object({
  caller_id: phoneNumber.check(
    z.describe('Phone number shown to the callee: one of the account’s verified caller IDs.'),
  ),
  destination: phoneNumber.check(z.describe('Phone number to call.')),
  record: z.optional(recordFlag),
  metadata: z.optional(z.record(metadataKey, z.unknown())),
})
export type CreateCallRequest = z.input<typeof createCallRequest>

export const createCallResponse = z.looseObject({
  call_id: callId,
  status: openEnum([QUEUED, ...CALL_STATUSES]),
  caller_id: maybe(z.string()),
  destination: maybe(z.string()),
  created_at: maybe(timestamp),
  recording: maybe(z.looseObject({ enabled: maybe(z.boolean()) })),
  metadata: maybe(metadata),
  links: maybe(callLinks),
})
export type CreateCallResponse = z.infer<typeof createCallResponse>

export const callListItem = z.looseObject({
  call_id: callId,
  status: openEnum(CALL_STATUSES),
  caller_id: maybe(z.string()),
  destination: maybe(z.string()),
  duration_seconds: maybe(integer),
  created_at: maybe(timestamp),
})
export type CallListItem = z.infer<typeof callListItem>

export const callDetail = z.looseObject({
  call_id: callId,
  status: openEnum(CALL_STATUSES),
  caller_id: maybe(z.string()),
  destination: maybe(z.string()),
  duration_seconds: maybe(integer),
  billed_minutes: maybe(integer),
  recording_url: maybe(z.string()),
  voicemail_drop: maybe(z.boolean()),
  source: maybe(z.string().check(z.meta({ example: 'API' }))),
  metadata: maybe(metadata),
  created_at: maybe(timestamp),
  updated_at: maybe(timestamp),
  links: maybe(callLinks),
})
export type CallDetail = z.infer<typeof callDetail>

export const callStatusResponse = z.looseObject({
  call_id: callId,
  status: openEnum(CALL_STATUSES),
  duration_seconds: maybe(integer),
  started_at: maybe(timestamp),
  updated_at: maybe(timestamp),
})
export type CallStatusResponse = z.infer<typeof callStatusResponse>

export const recording = z.looseObject({
  url: z.string(),
  format: maybe(openEnum(['wav'])),
  channels: maybe(integer),
  duration_seconds: maybe(integer),
})
export type Recording = z.infer<typeof recording>

export const callRecordings = z.looseObject({
  call_id: maybe(callId),
  recordings: z.array(recording),
})
export type CallRecordings = z.infer<typeof callRecordings>

export const CALL_PAGE_SIZE = { min: 1, max: 100, default: 50 } as const

/** Query parameters of the calls list, as the spec gives them; every one optional. */
export interface ListCallsQuery {
  cursor?: string
  limit?: number
  status?: CallStatus
  from_date?: string
  to_date?: string
}

/** The page's cursor as the service sent it: missing, empty or null all mean "no further page" (next-cursor.ts). */
const nextCursor = maybe(z.string())

export const listCallsResponse = z.looseObject({
  calls: z.array(callListItem),
  next_cursor: nextCursor,
})
export type ListCallsResponse = z.infer<typeof listCallsResponse>

// ---------------------------------------------------------------- caller IDs

export const startVerificationRequest = z.object({
  phone_number: phoneNumber,
})
export type StartVerificationRequest = z.input<typeof startVerificationRequest>

export const startVerificationResponse = z.looseObject({
  caller_id_id: callerIdId,
  phone_number: maybe(z.string()),
  validation_code: maybe(z.string().check(z.meta({ example: '482913' }))),
  message: maybe(z.string()),
})
export type StartVerificationResponse = z.infer<typeof startVerificationResponse>

export const callerIdListItem = z.looseObject({
  id: callerIdId,
  phone_number: z.string(),
  verification_status: maybe(openEnum(VERIFICATION_STATUSES)),
  cnam_display_name: maybe(z.string()),
  cnam_status: maybe(openEnum(CNAM_STATUSES)),
  verified_at: maybe(timestamp),
})
export type CallerIdListItem = z.infer<typeof callerIdListItem>

export const listCallerIdsResponse = z.looseObject({
  caller_ids: z.array(callerIdListItem),
})
export type ListCallerIdsResponse = z.infer<typeof listCallerIdsResponse>

// ---------------------------------------------------------------- account and usage

export const account = z.looseObject({
  client_id: clientId,
  status: maybe(openEnum(ACCOUNT_STATUSES)),
  payment_method: maybe(openEnum(['ACH'])),
  contract_start: maybe(timestamp),
  contract_end: maybe(timestamp),
  ramp_up_ends_at: maybe(timestamp),
  is_in_ramp_up: maybe(z.boolean()),
  committed_minutes: maybe(integer),
  tier: maybe(
    z.looseObject({
      name: maybe(z.string()),
      rate_per_minute_dc: maybe(integer.check(z.describe('Unit not documented by the service.'))),
      max_minutes: maybe(integer),
    }),
  ),
  current_usage: maybe(
    z.looseObject({
      period_start: maybe(timestamp),
      actual_minutes_used: maybe(integer),
      // The spec's relation is committed - used, which the real service may report below zero.
      remaining_minutes: maybe(integer),
      usage_percent: maybe(z.number()),
    }),
  ),
})
export type Account = z.infer<typeof account>

export const usageSummary = z.looseObject({
  period_start: maybe(timestamp),
  period_end: maybe(timestamp),
  committed_minutes: maybe(integer),
  actual_minutes_used: maybe(integer),
  remaining_minutes: maybe(integer),
  overage_minutes: maybe(integer),
  usage_percent: maybe(z.number()),
})
export type UsageSummary = z.infer<typeof usageSummary>

/** How many periods the dashboard asks for; the spec gives the `limit` parameter but not its bounds. */
export const USAGE_HISTORY_PAGE_SIZE = { default: 12 } as const

export const usagePeriod = z.looseObject({
  period_start: maybe(timestamp),
  period_end: maybe(timestamp),
  status: maybe(openEnum(PERIOD_STATUSES)),
  committed_minutes: maybe(integer),
  actual_minutes_used: maybe(integer),
})
export type UsagePeriod = z.infer<typeof usagePeriod>

export const usageHistory = z.looseObject({
  periods: z.array(usagePeriod),
  next_cursor: nextCursor,
})
export type UsageHistory = z.infer<typeof usageHistory>

// ---------------------------------------------------------------- errors

/** RFC 9457 problem details, with `errors` naming the fields that failed validation. */
export const problemDetails = z.object({
  type: z._default(z.string(), 'about:blank'),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
})
export type ProblemDetails = z.infer<typeof problemDetails>
