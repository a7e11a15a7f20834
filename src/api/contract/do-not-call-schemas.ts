// The do-not-call list (issue 52): numbers the console refuses to place a call to, whoever asks and however.
import { z } from 'zod'

export const DO_NOT_CALL_PATH = '/do-not-call'

/** The problem `type` of a placement refused because its destination is on the do-not-call list. */
export const DO_NOT_CALL = 'urn:voice-console:do-not-call'

/** How a number came onto the list: by hand, from an imported file, or from the outcome "Do not call again". */
export const DO_NOT_CALL_SOURCES = ['manual', 'import', 'outcome'] as const
export type DoNotCallSource = (typeof DO_NOT_CALL_SOURCES)[number]

/** Long enough for "asked on the phone, ticket 4711"; short enough to read in one line of a refusal. */
export const MAX_REASON_LENGTH = 500
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200

const reason = z
  .string()
  .trim()
  .min(1, 'Say why: the reason is shown to whoever tries to call the number.')
  .max(MAX_REASON_LENGTH, `The reason is longer than ${MAX_REASON_LENGTH} characters.`)

/** POST: one number, as a person typed it (normalised by the console), and why. */
export const doNotCallInput = z.object({
  phone_number: z.string().trim().min(1, 'Give the number to list.').max(64, 'That is too long for a phone number.'),
  reason,
})
export type DoNotCallInput = z.infer<typeof doNotCallInput>

/** DELETE: why the number may be called again (audited). */
export const doNotCallRemoval = z.object({ reason })

export const doNotCallEntry = z.object({
  phone_number: z.string(),
  reason: z.string(),
  source: z.enum(DO_NOT_CALL_SOURCES),
  added_by: z.string(),
  added_at: z.iso.datetime(),
})
export type DoNotCallEntry = z.infer<typeof doNotCallEntry>

/** GET with `q` (digits of the number) and `cursor`: a page of entries in number order. */
export const doNotCallPage = z.object({
  entries: z.array(doNotCallEntry),
  next_cursor: z.string().nullable(),
})

/** GET with `phone_number`: whether that one number is listed (New call asks before the press). */
export const doNotCallLookup = z.object({
  phone_number: z.string(),
  entry: doNotCallEntry.nullable(),
})

export const doNotCallQuery = z.object({
  q: z.string().max(64).optional(),
  phone_number: z.string().max(64).optional(),
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
})
