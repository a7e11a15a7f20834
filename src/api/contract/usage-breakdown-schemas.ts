// The contract of the console's usage breakdowns and caller-ID health: where a period's minutes went,
// read from the call index (server/console/usage/), which holds every call. The voice service itself
// gives only a period's total; these add the days, the people, the numbers and the outcomes.
import * as z from 'zod/mini'
import { isPlainText, PLAIN_TEXT_ERROR } from './call-query'
import { nonNegativeInt } from './schemas'
import { timeZoneParam } from './time-zone-param'

/** Under CONSOLE_PREFIX. */
export const USAGE_BREAKDOWN_PATHS = {
  /** Billed minutes and calls per day of a period (and per 15-minute slot, for any zone's days). */
  days: '/usage/days',
  /** One breakdown of a period: by person, caller ID, outcome, a metadata key's value, hour or weekday. */
  breakdown: '/usage/breakdown',
  /** The same breakdown as a CSV attachment. */
  breakdownExport: '/usage/breakdown.csv',
  /** The metadata keys of a period's calls: the "by metadata key" picker's choices. */
  metadataKeys: '/usage/metadata-keys',
  /** Every caller ID's health over its recent ended calls. */
  callerIdHealth: '/caller-ids/health',
  /** Issue 51, item 8: each person's calls, talk minutes and recorded outcomes over a period, ranked. */
  people: '/usage/people',
} as const

export const BREAKDOWN_DIMENSIONS = [
  'person',
  'caller_id',
  'outcome',
  // Issue 51: the outcome people recorded after the call, beside the service's status (`outcome`).
  'recorded_outcome',
  'metadata',
  'hour',
  'weekday',
] as const
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number]

/** The longest period the breakdowns and caller-ID health read at once: a billing period is a month; a quarter leaves room. */
export const PERIOD_DAYS_MAX = 93
const DAY_MS = 86_400_000

/**
 * Whether the console reads a period: both instants readable, the end after the start, at most PERIOD_DAYS_MAX
 * days apart. The service's own periods may be anything the spec allows; a page asks only for one that passes.
 */
export function isReadablePeriod(from: string, to: string): boolean {
  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)]
  return fromMs < toMs && toMs - fromMs <= PERIOD_DAYS_MAX * DAY_MS
}

/** A breakdown lists at most this many values, most minutes first; the rest add up in one "Other" row. */
export const BREAKDOWN_ROWS_MAX = 50

const instant = z.iso.datetime({ offset: true })

/**
 * A period of the voice service: its exact instants as the service gave them (`period_start`, `period_end`),
 * from-inclusive and to-exclusive; calls count in the period they were created in. `tz`: the viewer's zone,
 * which days, hours and weekdays are read in (default UTC). At most 93 days.
 */
export const usagePeriodQuery = z.object({
  from: instant,
  to: instant,
  tz: z.optional(timeZoneParam),
})
export type UsagePeriodQuery = z.infer<typeof usagePeriodQuery>

export const breakdownQuery = z.extend(usagePeriodQuery, {
  by: z.enum(BREAKDOWN_DIMENSIONS),
  /** With `by=metadata`: the key whose values are the rows, as the API spells it (`team`, `campaign`). */
  key: z.optional(
    z.string().check(z.minLength(1), z.maxLength(100), z.refine(isPlainText, { error: PLAIN_TEXT_ERROR })),
  ),
})
export type BreakdownQuery = z.infer<typeof breakdownQuery>

/**
 * Counts of a set of calls. `minutes`: billed minutes of its ended calls whose details are in;
 * `ended`: DIALER_COMPLETED or DIALER_FAILED; `answerRate`: completed of ended, null with none ended;
 * `averageDurationSeconds`: of its completed calls, null with none.
 */
const callFigures = z.object({
  minutes: nonNegativeInt,
  calls: nonNegativeInt,
  ended: nonNegativeInt,
  completed: nonNegativeInt,
  answerRate: z.nullable(z.number()),
  averageDurationSeconds: z.nullable(z.number()),
})
export type CallFigures = z.infer<typeof callFigures>

/**
 * What the index's sum leaves out, so a page can say why it differs from the service's
 * `actual_minutes_used`: calls of the period still in flight, ended calls whose details (and so whose
 * billed minutes) are not fetched yet, and whether the index has listed every call up to the period's end.
 */
const indexCoverage = z.object({
  inFlight: nonNegativeInt,
  awaitingDetails: nonNegativeInt,
  listingComplete: z.boolean(),
  /** Newest creation time the index's sync has covered; null before its first sync. */
  syncedTo: z.nullable(z.iso.datetime()),
})
export type IndexCoverage = z.infer<typeof indexCoverage>

const usageDay = z.extend(callFigures, {
  /** The day's date in the asked zone, YYYY-MM-DD. */
  date: z.string(),
  /** The day's part inside the period, as instants: the first and last days may be partial. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
})
export type UsageDay = z.infer<typeof usageDay>

export const usageDaysResponse = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  timeZone: z.string(),
  /** Every day of the period, oldest first, days without calls included (zeros). */
  days: z.array(usageDay),
  totals: callFigures,
  coverage: indexCoverage,
})
export type UsageDaysResponse = z.infer<typeof usageDaysResponse>

const breakdownRow = z.extend(callFigures, {
  /**
   * What the row counts, as a filter would name it: a user id or `api` (person), a phone number
   * (caller_id), a status (outcome), a metadata value as text (metadata), `0`..`23` (hour), `1`..`7`
   * (weekday, Monday first, ISO). Null: calls without the key (metadata), or the "Other" row.
   */
  value: z.nullable(z.string()),
  /** In words: an email, "Outside this console", "Completed", "No team", "09:00", "Monday", "Other". */
  label: z.string(),
})
export type BreakdownRow = z.infer<typeof breakdownRow>

export const breakdownResponse = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  timeZone: z.string(),
  by: z.enum(BREAKDOWN_DIMENSIONS),
  key: z.nullable(z.string()),
  /** Most minutes first (hour and weekday: in their own order, every slot listed). */
  rows: z.array(breakdownRow),
  /** More values than BREAKDOWN_ROWS_MAX: the last row is "Other". */
  truncated: z.boolean(),
  totals: callFigures,
  coverage: indexCoverage,
})
export type BreakdownResponse = z.infer<typeof breakdownResponse>

/**
 * Issue 51, item 8: the work of each person who placed calls through the console in a period, most calls first.
 * `reachedRate`: of their calls with an outcome recorded, those recorded `reached` (null with none recorded);
 * `talkMinutes`: the durations of their completed calls, in minutes; `outcomes`: calls per recorded outcome.
 */
export const peopleResponse = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  people: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      calls: nonNegativeInt,
      recorded: nonNegativeInt,
      reached: nonNegativeInt,
      reachedRate: z.nullable(z.number()),
      talkMinutes: z.number(),
      outcomes: z.array(z.object({ id: z.string(), label: z.string(), calls: nonNegativeInt })),
    }),
  ),
})
export type PeopleResponse = z.infer<typeof peopleResponse>

export const metadataKeysResponse = z.object({ keys: z.array(z.string()), truncated: z.boolean() })
export type MetadataKeysResponse = z.infer<typeof metadataKeysResponse>

// ---------------------------------------------------------------- caller-ID health

/** A caller ID's health is read over its newest this-many ended calls, against the this-many before them. */
export const HEALTH_WINDOW_CALLS = 50
/** A completed call shorter than this is a short call: an answer that hung up at once. */
export const SHORT_CALL_SECONDS = 10

/** A window of a caller ID's ended calls, newest first. */
const healthWindow = z.object({
  ended: nonNegativeInt,
  completed: nonNegativeInt,
  /** Completed of ended; null with none ended. */
  answerRate: z.nullable(z.number()),
  /** Completed under SHORT_CALL_SECONDS, of completed; null with none completed. */
  shortCallRate: z.nullable(z.number()),
  /** Creation times of its oldest and newest call; null when empty. */
  from: z.nullable(z.iso.datetime()),
  to: z.nullable(z.iso.datetime()),
})
export type HealthWindow = z.infer<typeof healthWindow>

const callerIdHealth = z.object({
  caller_id: z.string(),
  /** Its newest HEALTH_WINDOW_CALLS ended calls. */
  recent: healthWindow,
  /** The HEALTH_WINDOW_CALLS ended calls before those: the caller ID's own history. */
  previous: healthWindow,
  /** Its ended calls in the period asked for (`from` and `to` of callerIdHealthQuery); null when none was asked. */
  period: z.nullable(healthWindow),
  /** Calls a day over the recent window's span. */
  callsPerDay: z.nullable(z.number()),
  /**
   * "Answered less than usual": the recent answer rate is well below its own previous one or the
   * account's; null when not flagged. `reason` says which, with the numbers.
   */
  flag: z.nullable(z.object({ kind: z.enum(['answered-less']), reason: z.string() })),
})
export type CallerIdHealth = z.infer<typeof callerIdHealth>

/** Optional: a period (the current one, on /caller-ids) whose figures each caller ID also gets. */
export const callerIdHealthQuery = z.object({ from: z.optional(instant), to: z.optional(instant) })

export const callerIdHealthResponse = z.object({
  /** Every caller ID the index has ended calls of, flagged first. */
  callerIds: z.array(callerIdHealth),
  /** The account's answer rate over the same recent windows, all caller IDs together. */
  account: healthWindow,
  coverage: indexCoverage,
})
export type CallerIdHealthResponse = z.infer<typeof callerIdHealthResponse>
