// The /alerts route's reading of its URL: the delivery log's rule filter. A value that is not a rule's id reads
// as no filter; a rule deleted since reads as an empty log, which the select shows as it is.
import * as z from 'zod/mini'

export const alertsUrlSearch = z.object({
  deliveryRule: z.catch(z.optional(z.string().check(z.regex(/^rule_[A-Za-z0-9_-]{1,40}$/))), undefined),
})
