// Search params of /live: whose calls, which caller ID, and wall mode. A link reproduces the view;
// each value falls back to its default instead of failing.
import * as z from 'zod/mini'

export const liveSearchSchema = z.object({
  who: z.catch(z._default(z.enum(['everyone', 'mine']), 'everyone'), 'everyone'),
  caller_id: z.catch(z.optional(z.string().check(z.regex(/^\+[1-9]\d{1,14}$/))), undefined),
  /** Large type and no navigation, for a screen on the wall. */
  wall: z.catch(z.optional(z.boolean()), undefined),
})

export type LiveSearch = z.infer<typeof liveSearchSchema>
