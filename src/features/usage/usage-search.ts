// Search params of /usage: which period and which breakdown, so a link reproduces the view.
// Deliberately loose (any short text, or nothing): the route validates its search before its chunk
// loads, so this schema ships with every page and cold /calls must not grow. The page checks the values
// itself: a period that is none of the service's is said so, an unknown breakdown reads as the default.
import * as z from 'zod/mini'

const text = z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined)

export const usageSearchSchema = z.object({
  /** The period_start of a past period, as the service gave it; absent: the current period. */
  period: text,
  /** The breakdown: one of BREAKDOWN_DIMENSIONS (dimensionOf reads it). */
  by: text,
  /** With by=metadata: the key whose values are the rows. */
  key: text,
})
