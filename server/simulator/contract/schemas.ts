// The simulator's contract: the spec's fields plus the choices the simulator makes where the spec
// is silent (server/simulator/README.md, "Gap in the spec"): metadata limits, E.164 numbers,
// closed objects, non-null values. The simulator validates the requests it receives and shapes
// its answers with these schemas; openapi.simulator.json is generated from them. The console and
// the dashboard never read answers with them: they read by what the spec promises (src/api/contract/schemas.ts).
import * as z from 'zod/mini'
import {
  ACCOUNT_STATUSES,
  CALL_STATUSES,
  CNAM_STATUSES,
  PERIOD_STATUSES,
  QUEUED,
  VERIFICATION_STATUSES,
} from '../../../src/api/contract/schemas'

// The spec's values, one source for both readings: the simulator's modules take them from here.
export {
  ACCOUNT_STATUSES,
  API_PREFIX,
  CALL_STATUSES,
  CNAM_STATUSES,
  FINISHED_CALL_STATUSES,
  IN_FLIGHT_CALL_STATUSES,
  PERIOD_STATUSES,
  QUEUED,
  VERIFICATION_STATUSES,
} from '../../../src/api/contract/schemas'

// ---------------------------------------------------------------- primitives

/** ISO 8601 UTC timestamp, e.g. 2026-11-22T03:10:52Z. A `+00:00` offset is UTC too, so it is accepted. */
export const timestamp = z.iso.datetime({ offset: true }).check(z.meta({ example: '2026-11-22T03:10:52Z' }))

/** A phone number in international (E.164) format with a leading plus sign. */
export const e164 = z.string({ error: 'Enter a phone number in international format, such as +14155550100.' }).check(
  z.regex(/^\+[1-9]\d{6,14}$/, {
    error:
      'Enter a phone number in international format: a plus sign, the country code and the number, such as +14155550100.',
  }),
  z.meta({ example: '+14155550100' }),
)

export const callId = z.string().check(z.regex(/^call_/), z.meta({ example: 'call_01JD5X2Q8Y0000000000000000' }))
export const callerIdId = z.string().check(z.regex(/^cid_/), z.meta({ example: 'cid_8f2k4m9q1z' }))
export const clientId = z.string().check(z.regex(/^cli_/), z.meta({ example: 'cli_acme0001' }))

/** A count, a duration or a number of minutes: a whole number, zero or more. */
export const nonNegativeInt = z.int().check(z.nonnegative())

/**
 * Accepts the documented values and any other string, so a value the real
 * service adds later is shown as it comes instead of failing the parse.
 */
function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()])
}

// ---------------------------------------------------------------- states

export const callStatus = z.enum(CALL_STATUSES)
export type CallStatus = z.infer<typeof callStatus>

// ---------------------------------------------------------------- calls

export const callLinks = z.object({
  self: z.string().check(z.meta({ example: '/api/v1/voice/calls/call_01JD5X2Q8Y0000000000000000' })),
  status: z.string(),
  recordings: z.string(),
})

/** Flat key/value pairs, echoed back. Limits are the simulator's choice (see server/simulator/README.md). */
export const METADATA_LIMITS = { maxKeys: 50, maxKeyLength: 40, maxStringLength: 500 } as const

export const metadataKey = z.string().check(
  z.minLength(1, { error: 'Metadata keys cannot be empty.' }),
  z.maxLength(METADATA_LIMITS.maxKeyLength, {
    error: `Metadata keys can be at most ${METADATA_LIMITS.maxKeyLength} characters.`,
  }),
)

/** The string branch of a metadata value: the one a form's text field fills. */
export const metadataText = z.string().check(
  z.maxLength(METADATA_LIMITS.maxStringLength, {
    error: `Metadata values can be at most ${METADATA_LIMITS.maxStringLength} characters.`,
  }),
)

export const metadataValue = z.union([metadataText, z.number(), z.boolean(), z.null()])

export const metadata = z
  .record(metadataKey, metadataValue, {
    error: 'Metadata must be an object of keys to strings, numbers, booleans or null.',
  })
  .check(
    z.refine((value) => Object.keys(value).length <= METADATA_LIMITS.maxKeys, {
      error: `Metadata can have at most ${METADATA_LIMITS.maxKeys} keys.`,
    }),
  )
export type Metadata = z.infer<typeof metadata>

/** Whether to record the call; the request's field without its default, for a form that always has a value. */
export const recordFlag = z.boolean({ error: 'record must be true or false.' })

export const createCallRequest = z.object({
  caller_id: e164.check(z.describe('Phone number shown to the callee: one of the account’s verified caller IDs.')),
  destination: e164.check(z.describe('Phone number to call.')),
  record: z._default(recordFlag, false),
  metadata: z._default(metadata, {}),
})
export type CreateCallRequest = z.input<typeof createCallRequest>

export const createCallResponse = z.object({
  call_id: callId,
  status: openEnum([QUEUED, ...CALL_STATUSES]),
  caller_id: z.string(),
  destination: z.string(),
  created_at: timestamp,
  recording: z.object({ enabled: z.boolean() }),
  metadata,
  links: callLinks,
})
export type CreateCallResponse = z.infer<typeof createCallResponse>

export const callListItem = z.object({
  call_id: callId,
  status: openEnum(CALL_STATUSES),
  caller_id: z.string(),
  destination: z.string(),
  duration_seconds: z.nullable(nonNegativeInt),
  created_at: timestamp,
})
export type CallListItem = z.infer<typeof callListItem>

export const callDetail = z.object({
  call_id: callId,
  status: openEnum(CALL_STATUSES),
  caller_id: z.string(),
  destination: z.string(),
  duration_seconds: z.nullable(nonNegativeInt),
  billed_minutes: nonNegativeInt,
  recording_url: z.nullable(z.string()),
  voicemail_drop: z.boolean(),
  source: z.string().check(z.meta({ example: 'API' })),
  metadata,
  created_at: timestamp,
  updated_at: timestamp,
  links: callLinks,
})
export type CallDetail = z.infer<typeof callDetail>

export const callStatusResponse = z.object({
  call_id: callId,
  status: openEnum(CALL_STATUSES),
  duration_seconds: z.nullable(nonNegativeInt),
  started_at: timestamp,
  updated_at: timestamp,
})
export type CallStatusResponse = z.infer<typeof callStatusResponse>

export const recording = z.object({
  url: z.string(),
  format: openEnum(['wav']),
  channels: z.int().check(z.positive()),
  duration_seconds: nonNegativeInt,
})
export type Recording = z.infer<typeof recording>

export const callRecordings = z.object({
  call_id: callId,
  recordings: z.array(recording),
})
export type CallRecordings = z.infer<typeof callRecordings>

/** Cursor: opaque. Dates: ISO 8601 date or date-time; from is inclusive, to exclusive. */
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use an ISO 8601 date such as 2026-11-01 or 2026-11-01T00:00:00Z.',
})

export const CALL_PAGE_SIZE = { min: 1, max: 100, default: 50 } as const

export const pageLimit = (defaultValue: number) =>
  z._default(
    z.coerce
      .number({ error: 'limit must be a whole number.' })
      .check(
        z.int({ error: 'limit must be a whole number.' }),
        z.minimum(CALL_PAGE_SIZE.min, { error: 'limit must be between 1 and 100.' }),
        z.maximum(CALL_PAGE_SIZE.max, { error: 'limit must be between 1 and 100.' }),
      ),
    defaultValue,
  )

/** An opaque page cursor, as a query parameter. */
const cursor = z.optional(z.string().check(z.minLength(1)))

export const listCallsQuery = z.object({
  cursor,
  limit: pageLimit(CALL_PAGE_SIZE.default),
  status: z.optional(z.enum(CALL_STATUSES, { error: `status must be one of ${CALL_STATUSES.join(', ')}.` })),
  from_date: z.optional(isoDate),
  to_date: z.optional(isoDate),
})
/** Query parameters as the client sends them: every one optional. */
export type ListCallsQuery = Partial<z.output<typeof listCallsQuery>>

export const listCallsResponse = z.object({
  calls: z.array(callListItem),
  next_cursor: z.nullable(z.string()),
})
export type ListCallsResponse = z.infer<typeof listCallsResponse>

// ---------------------------------------------------------------- caller IDs

export const startVerificationRequest = z.object({
  phone_number: e164,
})
export type StartVerificationRequest = z.input<typeof startVerificationRequest>

export const startVerificationResponse = z.object({
  caller_id_id: callerIdId,
  phone_number: z.string(),
  validation_code: z.string().check(z.regex(/^\d+$/), z.meta({ example: '482913' })),
  message: z.string(),
})
export type StartVerificationResponse = z.infer<typeof startVerificationResponse>

export const callerIdListItem = z.object({
  id: callerIdId,
  phone_number: z.string(),
  verification_status: openEnum(VERIFICATION_STATUSES),
  cnam_display_name: z.string(),
  cnam_status: openEnum(CNAM_STATUSES),
  verified_at: z.nullable(timestamp),
})
export type CallerIdListItem = z.infer<typeof callerIdListItem>

export const listCallerIdsResponse = z.object({
  caller_ids: z.array(callerIdListItem),
})
export type ListCallerIdsResponse = z.infer<typeof listCallerIdsResponse>

// ---------------------------------------------------------------- account and usage

export const account = z.object({
  client_id: clientId,
  status: openEnum(ACCOUNT_STATUSES),
  payment_method: openEnum(['ACH']),
  contract_start: timestamp,
  contract_end: timestamp,
  ramp_up_ends_at: timestamp,
  is_in_ramp_up: z.boolean(),
  committed_minutes: nonNegativeInt,
  tier: z.object({
    name: z.string(),
    rate_per_minute_dc: z.int().check(z.describe('Unit not documented by the service.')),
    max_minutes: nonNegativeInt,
  }),
  current_usage: z.object({
    period_start: timestamp,
    actual_minutes_used: nonNegativeInt,
    // The spec's relation is committed - used, which the real service may report below zero.
    remaining_minutes: z.int(),
    usage_percent: z.number().check(z.nonnegative()),
  }),
})
export type Account = z.infer<typeof account>

export const usageSummary = z.object({
  period_start: timestamp,
  period_end: timestamp,
  committed_minutes: nonNegativeInt,
  actual_minutes_used: nonNegativeInt,
  remaining_minutes: z.int(),
  overage_minutes: nonNegativeInt,
  usage_percent: z.number().check(z.nonnegative()),
})
export type UsageSummary = z.infer<typeof usageSummary>

export const USAGE_HISTORY_PAGE_SIZE = { default: 12 } as const

export const usageHistoryQuery = z.object({
  cursor,
  limit: pageLimit(USAGE_HISTORY_PAGE_SIZE.default),
})

export const usagePeriod = z.object({
  period_start: timestamp,
  period_end: timestamp,
  status: openEnum(PERIOD_STATUSES),
  committed_minutes: nonNegativeInt,
  actual_minutes_used: nonNegativeInt,
})
export type UsagePeriod = z.infer<typeof usagePeriod>

export const usageHistory = z.object({
  periods: z.array(usagePeriod),
  next_cursor: z.nullable(z.string()),
})
export type UsageHistory = z.infer<typeof usageHistory>

// ---------------------------------------------------------------- errors

// RFC 9457 problem details, with `errors` naming the fields that failed validation: the console answers in
// the same shape, so it is written once, beside the console's readers.
export { type ProblemDetails, problemDetails } from '../../../src/api/contract/schemas'
