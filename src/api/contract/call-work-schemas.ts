// The contract of what follows a call (issue 51): the outcome its placer records from the kinds admins keep, and
// a note. Field names are snake_case as agreed with the call lists, callbacks and integrations, which read them
// over HTTP. Apart from the calls list's contract, so that these load with the call page only.
import * as z from 'zod/mini'
import { isPlainText } from './call-query'

export const callWorkPaths = (callId: string) => {
  const call = `/calls/${encodeURIComponent(callId)}`
  return { work: `${call}/work`, outcome: `${call}/outcome`, note: `${call}/note` }
}

/** A note is plain text a person reads: long enough for a call's summary, bounded for the store and the export. */
export const MAX_NOTE_LENGTH = 4_000
/** How long a note's author may change it; managers and admins may change it later. */
const NOTE_EDITABLE_HOURS = 24
export const NOTE_EDITABLE_MS = NOTE_EDITABLE_HOURS * 60 * 60_000

/** The defaults the store starts with; admins rename, reorder, archive and add to them. */
export const DEFAULT_OUTCOME_KINDS = [
  { id: 'reached', label: 'Reached', comes_back: false, asks_callback: false },
  { id: 'left-voicemail', label: 'Left voicemail', comes_back: false, asks_callback: false },
  { id: 'no-answer', label: 'No answer', comes_back: true, asks_callback: false },
  { id: 'busy', label: 'Busy', comes_back: true, asks_callback: false },
  { id: 'wrong-number', label: 'Wrong number', comes_back: false, asks_callback: false },
  { id: 'callback-requested', label: 'Callback requested', comes_back: false, asks_callback: true },
  { id: 'do-not-call-again', label: 'Do not call again', comes_back: false, asks_callback: false },
] as const

/** The outcome whose share is each person's "reached rate" on /usage. */
export const REACHED_OUTCOME = 'reached'

/**
 * The kind whose callee asked never to be called again (issue 52). Keyed by its id, which admins cannot change (they
 * may rename its label): saved with `add_to_do_not_call`, the call's number goes on the do-not-call list.
 */
export const DO_NOT_CALL_OUTCOME = 'do-not-call-again'

export const callOutcomeInput = z.object({
  outcome: z.string().check(z.minLength(1), z.maxLength(40)),
  /** The person's confirmation that the callee asked: only then is the number listed (never by default). */
  add_to_do_not_call: z.optional(z.boolean()),
})

/** Plain text with its line breaks: a control character other than a break or a tab is refused. */
const isNoteText = (text: string) => isPlainText(text.replace(/\r?\n/g, ' '))

export const callNoteInput = z.object({
  note: z.string().check(
    z.maxLength(MAX_NOTE_LENGTH, {
      error: `Keep the note within ${MAX_NOTE_LENGTH.toLocaleString('en')} characters.`,
    }),
    z.refine(isNoteText, { error: 'Use plain text: no control characters.' }),
  ),
  /**
   * The note's `version` the text was written over (null: there was none). When the note has moved on since, nothing
   * is saved (409): nobody's words are replaced unseen. Left out, the save replaces whatever is there.
   */
  base_version: z.optional(z.nullable(z.int().check(z.positive()))),
})

export const callWork = z.object({
  outcome: z.nullable(
    z.object({ id: z.string(), label: z.string(), recorded_by: z.string(), recorded_at: z.iso.datetime() }),
  ),
  note: z.nullable(
    z.object({
      text: z.string(),
      author: z.string(),
      updated_at: z.iso.datetime(),
      /** Counts its saves from 1: what a change sends back as `base_version`. */
      version: z.int().check(z.positive()),
      /** Until when its author may change it (managers and admins may change it later). */
      editable_until: z.iso.datetime(),
    }),
  ),
  /**
   * With the outcome "Do not call again" only: the call's number (null while the console does not know it) and
   * whether it is on the do-not-call list now.
   */
  do_not_call: z.optional(z.object({ phone_number: z.nullable(z.string()), listed: z.boolean() })),
  /** What the person asking may change now: the server's rule, so the page never guesses it. */
  may_edit: z.object({ outcome: z.boolean(), note: z.boolean() }),
})
export type CallWork = z.infer<typeof callWork>

/** The problem `type` of a placement refused until the person's previous call has an outcome. */
export const OUTCOME_REQUIRED = 'urn:voice-console:outcome-required'
