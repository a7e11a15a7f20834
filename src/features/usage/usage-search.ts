// Search params of /usage: which period and which breakdown, so a link reproduces the view.
// Each field falls back to the default view instead of failing.
import * as z from 'zod/mini'
import { BREAKDOWN_DIMENSIONS } from '@/api/usage-breakdown-schemas'

export const usageSearchSchema = z.object({
  /** The period_start of a past period, as the service gave it; absent: the current period. */
  period: z.catch(z.optional(z.iso.datetime({ offset: true })), undefined),
  by: z.catch(z.optional(z.enum(BREAKDOWN_DIMENSIONS)), undefined),
  /** With by=metadata: the key whose values are the rows. */
  key: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined),
})
