// The do-not-call list (issue 52): numbers the console refuses to place a call to, whoever asks and however. Its own
// file, loaded with the pages that read the list only (npm run test:size).
import * as z from 'zod/mini'

export const DO_NOT_CALL_PATH = '/do-not-call'

/** The problem `type` of a placement refused because its destination is on the do-not-call list. */
export const DO_NOT_CALL = 'urn:voice-console:do-not-call'

/** How a number came onto the list: by hand, from an imported file, or from the outcome "Do not call again". */
const DO_NOT_CALL_SOURCES = ['manual', 'import', 'outcome'] as const
export type DoNotCallSource = (typeof DO_NOT_CALL_SOURCES)[number]

/** Long enough for "asked on the phone, ticket 4711"; short enough to read in one line of a refusal. */
export const MAX_REASON_LENGTH = 500
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200

const reason = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'Say why: the reason is shown to whoever tries to call the number.' }),
    z.maxLength(MAX_REASON_LENGTH, { error: `Keep the reason under ${MAX_REASON_LENGTH} characters.` }),
  )

/** POST: one number as a person wrote it, normalised by the console (without +country, read in `region`), and why. */
export const doNotCallInput = z.object({
  phone_number: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Give the number to list.' }),
      z.maxLength(64, { error: 'That is too long for a phone number.' }),
    ),
  region: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'Choose a country (two letters, e.g. US).' }))),
  reason,
})

/** DELETE's body: why the number may be called again (audited). */
export const doNotCallRemoval = z.object({ reason })

const doNotCallEntry = z.object({
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
  next_cursor: z.nullable(z.string()),
})

/** POST's and DELETE's answer: the entry listed (or already listed: `added` false), or the one taken off. */
export const doNotCallChange = z.object({ entry: doNotCallEntry, added: z.optional(z.boolean()) })

/** GET with `phone_number`: whether that one number is listed (New call asks before the press). */
export const doNotCallLookup = z.object({
  phone_number: z.string(),
  entry: z.nullable(doNotCallEntry),
})

/** The most numbers one import takes; lines past it are not read, and the report says so. */
export const MAX_IMPORT_NUMBERS = 1_000_000
/** The most problems a report lists line by line; the rest are counted. */
export const MAX_REPORTED_LINES = 1_000

/** POST /import's answer: what the file added, and each line that added nothing and why. */
export const doNotCallImportReport = z.object({
  lines: z.number(),
  added: z.number(),
  already_listed: z.number(),
  invalid: z.number(),
  /** Lines past MAX_IMPORT_NUMBERS, not read. */
  not_read: z.number(),
  problems: z.array(z.object({ line: z.number(), number: z.string(), message: z.string() })),
})
export type DoNotCallImportReport = z.infer<typeof doNotCallImportReport>
