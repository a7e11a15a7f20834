// New call's caller-ID suggestion: the caller ID last used for a destination (the callee sees the same number
// again), and the caller IDs flagged "answered less than usual", for its warning. Only New call reads them, so
// they are in a file of their own (README.md: a file the entry imports ships all of it).
import * as z from 'zod/mini'

export const CALLER_ID_SUGGESTION_PATHS = {
  /** `?to=<E.164>`: the caller ID of the account's newest call to that number. */
  lastUsed: '/caller-id-suggestion',
  /** The caller IDs flagged now, with the flag's reason in words. */
  flagged: '/caller-ids/flagged',
}

/** E.164 as the spec writes numbers: a plus, the country code and the number, 15 digits at most. */
const E164 = /^\+[1-9]\d{1,14}$/

export const lastCallerIdQuery = z.object({
  to: z.string().check(
    z.regex(E164, {
      error: 'Give the destination in international format, with a plus sign and the country code: +14155550100.',
    }),
  ),
})

export const lastCallerIdResponse = z.object({
  to: z.string(),
  /** Null when the account has no call to that number with a caller ID. */
  lastUsed: z.nullable(z.object({ callerId: z.string(), callId: z.string(), createdAt: z.string() })),
})
export type LastCallerIdResponse = z.infer<typeof lastCallerIdResponse>

export const flaggedCallerIdsResponse = z.object({
  flagged: z.array(z.object({ callerId: z.string(), reason: z.string() })),
})
export type FlaggedCallerIdsResponse = z.infer<typeof flaggedCallerIdsResponse>
