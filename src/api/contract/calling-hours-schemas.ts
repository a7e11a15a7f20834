// The contract of calling hours (issue 52, item 2): the console refuses a placement outside the callee's local
// window (problem type CALLING_HOURS), and an admin may allow one call to a number outside it, with a reason.
import * as z from 'zod/mini'
import { isPlainText } from './call-query'

/** The problem `type` of a placement refused outside the callee's calling hours. */
export const CALLING_HOURS = 'urn:voice-console:calling-hours'

export const CALLING_HOURS_PATHS = { hours: '/calling-hours', exceptions: '/calling-hours/exceptions' } as const

/** How long an allowed call outside the hours waits to be placed; it is used by the first placement to the number. */
export const CALLING_HOURS_EXCEPTION_MS = 15 * 60_000

const MAX_REASON_LENGTH = 500

export const callingHoursExceptionInput = z.object({
  /** E.164, as the placement's `destination` writes it. */
  phone_number: z.string().check(z.regex(/^\+[1-9]\d{6,14}$/, { error: 'Write the number in E.164: +14155550100.' })),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, { error: 'Say why this call may be made outside the callee’s hours.' }),
      z.maxLength(MAX_REASON_LENGTH, { error: `Keep the reason within ${MAX_REASON_LENGTH} characters.` }),
      z.refine(isPlainText, { error: 'Use plain text: no control characters.' }),
    ),
})

/** GET /calling-hours?phone_number=: may the callee be called now, and the sentence New call shows when not. */
export const callingHoursAnswer = z.object({
  allowed: z.boolean(),
  zones: z.array(z.string()),
  local_times: z.array(z.string()),
  window: z.object({ start: z.string(), end: z.string() }),
  opens_at: z.nullable(z.iso.datetime()),
  sentence: z.string(),
})
export type CallingHoursAnswer = z.infer<typeof callingHoursAnswer>

/** POST /calling-hours/exceptions' answer: the one call allowed, until `expires_at`. */
export const callingHoursException = z.object({
  phone_number: z.string(),
  reason: z.string(),
  allowed_by: z.string(),
  allowed_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
})
export type CallingHoursException = z.infer<typeof callingHoursException>
