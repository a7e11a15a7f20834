// The usage routes' query, read once: the contract's schema (usageQuery), then (periodOf) what a schema alone cannot say (a
// period of at most 93 days whose end follows its start; a key with `by=metadata`). Each refusal names its field.
import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { type BreakdownQuery, PERIOD_DAYS_MAX } from '../../../src/api/contract/usage-breakdown-schemas'
import { sendInvalidFields } from '../http/invalid-fields'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'

const DAY_MS = 24 * 3_600_000

export interface UsagePeriod {
  fromMs: number
  toMs: number
  timeZone: string
}

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response }

const refuse = (c: Context, field: string, message: string): { ok: false; response: Response } => ({
  ok: false,
  response: sendProblem(c, 400, 'Invalid period', message, { errors: [{ field, message }] }),
})

/** A usage query that does not fit its schema: each field named, and a time zone the console does not know quoted. */
export function usagePeriodRefusal(c: Context, error: z.core.$ZodError, sent: Record<string, unknown>): Response {
  const fields = [...new Set(error.issues.map((issue) => String(issue.path[0] ?? 'query')))]
  const zone = fields.includes('tz')
    ? ` “${String(sent.tz).slice(0, 64)}” is not a time zone the console knows; use an IANA name such as Europe/Berlin, or UTC.`
    : ''
  const detail = `Check ${fields.map((field) => `“${field}”`).join(' and ')}.${zone} A period is two instants with their offset, such as 2026-11-01T00:00:00Z.`
  return sendInvalidFields(c, error, detail, 'Invalid period')
}

/** A usage route's query string, through the shared hook. */
export const usageQuery = <T extends z.core.$ZodType>(schema: T) => queryString(schema, usagePeriodRefusal)

/** Checks the period of a query that fits its schema; `query.tz` defaults to UTC. */
export function periodOf<Q extends { from: string; to: string; tz?: string | undefined }>(
  c: Context,
  query: Q,
): Parsed<Q & UsagePeriod> {
  const fromMs = Date.parse(query.from)
  const toMs = Date.parse(query.to)
  if (toMs <= fromMs) return refuse(c, 'to', 'The period must end after it starts: “to” is not after “from”.')
  if (toMs - fromMs > PERIOD_DAYS_MAX * DAY_MS)
    return refuse(c, 'to', `A period spans at most ${PERIOD_DAYS_MAX} days; ask for a shorter one.`)
  return { ok: true, value: { ...query, fromMs, toMs, timeZone: query.tz ?? 'UTC' } }
}

/** `by=metadata` needs the key whose values are the rows. */
export function missingKey(c: Context, query: BreakdownQuery): Response | null {
  if (query.by !== 'metadata' || query.key !== undefined) return null
  const message = 'Name the metadata key whose values are the rows, such as “team”.'
  return sendProblem(c, 400, 'Invalid breakdown', message, { errors: [{ field: 'key', message }] })
}
