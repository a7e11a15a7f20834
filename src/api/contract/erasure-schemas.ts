// Erasure of a number and subject access (issue 52, item 5): admins erase everything the console holds that names a
// number (the do-not-call list keeps it), list past erasures, and export what is held about a number. Its own file,
// loaded only by the pages that use it (npm run test:size).
import * as z from 'zod/mini'

export const ERASURES_PATH = '/erasures'
export const SUBJECT_ACCESS_PATH = '/subject-access'

const MAX_ERASURE_REASON_LENGTH = 500
export const DEFAULT_ERASURES_PAGE = 50
export const MAX_ERASURES_PAGE = 200

/** What an erasure erases or pseudonymises, one count each (server/console/erasure/README.md says how and why). */
const ERASED_KINDS = [
  'calls',
  'call_metadata',
  'notes',
  'note_mentions',
  'outcomes',
  'contacts',
  'contact_mentions',
  'callbacks',
  'callback_mentions',
  'calling_hours_exceptions',
  'deliveries',
  'alerts',
  'live_entries',
  'saved_views',
  // Issue 53: scores of its calls, and other scores' comments that named it.
  'scores',
  'score_mentions',
] as const

/** POST: the number as a person wrote it (without +country, read in `region`), and why it is erased. */
export const erasureInput = z.object({
  phone_number: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Give the number to erase.' }),
      z.maxLength(64, { error: 'That is too long for a phone number.' }),
    ),
  region: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'Choose a country (two letters, e.g. US).' }))),
  reason: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Say why the number is erased (a ticket, the request’s date).' }),
    z.maxLength(MAX_ERASURE_REASON_LENGTH, {
      error: `Keep the reason under ${MAX_ERASURE_REASON_LENGTH} characters.`,
    }),
  ),
})

const erasure = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  by: z.string(),
  reason: z.string(),
  /** Rows erased or pseudonymised, per kind. */
  erased: z.record(z.enum(ERASED_KINDS), z.number()),
  /** The audit trail's values of the number erased (its entries then read [erased]); null in the list of past erasures. */
  audit_trail: z.nullable(z.object({ values: z.number(), entries: z.number() })),
})
export type Erasure = z.infer<typeof erasure>

/** POST's answer: the erasure, what was kept and why, and how many times the number was erased before. */
export const erasureAnswer = z.object({
  erasure,
  kept: z.array(z.object({ what: z.string(), why: z.string() })),
  erased_before: z.number(),
})

/** GET: past erasures, newest first; the numbers are never answered (the store has only their keyed hash). */
export const erasuresPage = z.object({
  erasures: z.array(erasure),
  next_cursor: z.nullable(z.string()),
})
