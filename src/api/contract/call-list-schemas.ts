// The contract of call lists (issue 51, item 2): people to call, imported from CSV by managers, worked one contact
// at a time by agents. Its own file, loaded with the Call lists pages only (npm run test:size).
import * as z from 'zod/mini'

export const CALL_LISTS_PATH = '/call-lists'

/** A contact comes back after this long when its outcome asks for it (No answer, Busy), at most this often. */
export const COME_BACK_DEFAULTS = { afterMinutes: 120, maxTries: 3 } as const

/**
 * What a contact passed over by a claim is marked done with, in place of an outcome (issue 52): its number is on the
 * do-not-call list. The progress counts it with the outcomes, under this label.
 */
export const ON_DO_NOT_CALL_LIST = { id: 'on-do-not-call-list', label: 'On the do-not-call list' } as const

/** A claim lapses after this long without activity, so a closed tab does not hold its contact forever. */
export const CLAIM_TTL_MS = 10 * 60_000

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 100_000

/** The most problems an answer lists line by line; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 1_000

/** Metadata the console adds to a list's calls, so a call says which list and contact it came from. */
export const LIST_METADATA_KEYS = { list: 'call_list_id', contact: 'call_list_contact_id' } as const

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'Name the list.' }),
    z.maxLength(120, { error: 'Keep the name under 120 characters.' }),
  )

const e164 = z.string().check(z.regex(/^\+[1-9]\d{6,14}$/, { error: 'Give the caller ID as +country number.' }))

/** What a manager chooses for a list besides its contacts. */
const callListSettings = z.object({
  name,
  /** A fixed caller ID, or null: the one New call would suggest for each contact's number. */
  callerId: z.nullable(e164),
  record: z.boolean(),
  comeBackMinutes: z.int().check(z.minimum(1), z.maximum(7 * 24 * 60, { error: 'At most a week (10080 minutes).' })),
  maxTries: z.int().check(z.minimum(1), z.maximum(20, { error: 'At most 20 tries.' })),
  /** Everyone who can place calls works it; otherwise only `assignees`. */
  everyone: z.boolean(),
  assignees: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(500)),
})
export type CallListSettings = z.infer<typeof callListSettings>

/** The CSV and how to read it: its header row names the columns; one of them is the number. */
export const importSource = z.object({
  csv: z.string().check(z.minLength(1, { error: 'Upload or paste a CSV with a header row.' })),
  numberColumn: z.optional(z.string().check(z.maxLength(200))),
  /** The country a number without +country is read in. */
  region: z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'Choose a country (two letters, e.g. US).' })),
})
export type ImportSource = z.infer<typeof importSource>

const importProblem = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number(),
  kind: z.enum(['invalid', 'duplicate']),
  /** The number as written in the file. */
  number: z.string(),
  message: z.string(),
})
export type ImportProblem = z.infer<typeof importProblem>

/** What an import would save: nothing is saved by a preview. */
export const importPreview = z.object({
  columns: z.array(z.string()),
  numberColumn: z.string(),
  rows: z.number(),
  valid: z.number(),
  problemCount: z.number(),
  /** The first MAX_LISTED_PROBLEMS, in line order. */
  problems: z.array(importProblem),
  /** The first few valid contacts, as they would be saved. */
  sample: z.array(z.object({ line: z.number(), number: z.string(), metadata: z.record(z.string(), z.string()) })),
})
export type ImportPreview = z.infer<typeof importPreview>

export const createCallList = z.object({ settings: callListSettings, source: importSource })

const person = z.object({ userId: z.string(), email: z.string() })

const callListProgress = z.object({
  total: z.number(),
  done: z.number(),
  /** Waiting to be called, now or later. */
  left: z.number(),
  /** Of `left`, those coming back later (their next try is not due yet). */
  later: z.number(),
  byOutcome: z.array(z.object({ outcome: z.string(), count: z.number() })),
})
export type CallListProgress = z.infer<typeof callListProgress>

export const callList = z.object({
  id: z.string(),
  name: z.string(),
  callerId: z.nullable(z.string()),
  record: z.boolean(),
  comeBackMinutes: z.number(),
  maxTries: z.number(),
  everyone: z.boolean(),
  assignees: z.array(person),
  paused: z.boolean(),
  archived: z.boolean(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
  progress: callListProgress,
})
export type CallList = z.infer<typeof callList>

export const callListIndex = z.object({ lists: z.array(callList) })

export const createdCallList = z.object({ list: callList, skipped: z.number() })

export const pausedChange = z.object({ paused: z.boolean() })
export const assignmentChange = z.pick(callListSettings, { everyone: true, assignees: true })

const listAttempt = z.object({
  callId: z.string(),
  by: z.string(),
  at: z.iso.datetime(),
  outcome: z.nullable(z.string()),
})

export const workContact = z.object({
  id: z.string(),
  line: z.number(),
  number: z.string(),
  metadata: z.record(z.string(), z.string()),
  tries: z.number(),
  /** The Idempotency-Key of this try: the same across reloads and double presses, so a try places one call. */
  attemptKey: z.string(),
  /** The call placed in this claim, when one was: the outcome form is next, not another call. */
  placedCallId: z.nullable(z.string()),
  attempts: z.array(listAttempt),
})
export type WorkContact = z.infer<typeof workContact>

/** Why there is no contact to work: the list is paused, every contact is done, or the rest come back later. */
const NO_CONTACT_REASONS = ['paused', 'finished', 'later', 'archived'] as const

export const claimAnswer = z.object({
  list: callList,
  contact: z.nullable(workContact),
  reason: z.nullable(z.enum(NO_CONTACT_REASONS)),
  /** With `later`: when the next contact is due. */
  nextAt: z.nullable(z.iso.datetime()),
})
export type ClaimAnswer = z.infer<typeof claimAnswer>

export const recordAttempt = z.object({ callId: z.string().check(z.minLength(1), z.maxLength(200)) })

/** Done with the claimed contact: `skip` puts it back at the end of the list, untried. */
export const releaseContact = z.object({ skip: z.boolean() })

export const assignablePeople = z.object({ people: z.array(person) })
