// The outcomes people choose from after a call (issue 51), apart from call-work-schemas.ts: the calls list's
// Outcome filter reads them, and every top-level schema of a module the list imports is in its cold JavaScript.
import * as z from 'zod/mini'
import { isPlainText } from './call-query'

export const OUTCOME_KINDS_PATH = '/outcome-kinds'

const OUTCOME_ID = /^[a-z0-9][a-z0-9-]{0,39}$/

const outcomeKind = z.object({
  id: z.string(),
  label: z.string(),
  /** A contact with this outcome comes back to a call list later (No answer, Busy). */
  comes_back: z.boolean(),
  /** This outcome asks for a callback time (Callback requested). */
  asks_callback: z.boolean(),
  /** Kept for the calls that have it; no longer offered. */
  archived: z.boolean(),
})
export type OutcomeKind = z.infer<typeof outcomeKind>

export const outcomeKindsResponse = z.object({ outcome_kinds: z.array(outcomeKind) })
export type OutcomeKindsResponse = z.infer<typeof outcomeKindsResponse>

const kindLabel = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name the outcome.' }),
    z.maxLength(60, { error: 'Keep the name under 60 characters.' }),
    z.refine(isPlainText, { error: 'Use plain text: no control characters.' }),
  )

/** POST /outcome-kinds: a new kind, at the end of the list unless a position is given. */
export const outcomeKindInput = z.object({
  id: z.string().check(
    z.regex(OUTCOME_ID, {
      error: 'Use 1 to 40 lower-case letters, digits and "-", starting with a letter or digit.',
    }),
  ),
  label: kindLabel,
  comes_back: z.optional(z.boolean()),
  asks_callback: z.optional(z.boolean()),
})

/** PATCH /outcome-kinds/{id}: rename, reorder (0 is first), archive or restore; the id stays. */
export const outcomeKindChange = z.object({
  label: z.optional(kindLabel),
  position: z.optional(z.int().check(z.minimum(0), z.maximum(1_000))),
  archived: z.optional(z.boolean()),
  comes_back: z.optional(z.boolean()),
  asks_callback: z.optional(z.boolean()),
})
