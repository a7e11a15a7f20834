// Search params of /live: whose calls, which caller ID, and wall mode. A link reproduces the view;
// each value falls back to its default instead of failing.
import { z } from 'zod'

export const liveSearchSchema = z.object({
  who: z.enum(['everyone', 'mine']).default('everyone').catch('everyone'),
  caller_id: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/)
    .optional()
    .catch(undefined),
  /** Large type and no navigation, for a screen on the wall. */
  wall: z.boolean().optional().catch(undefined),
})

export type LiveSearch = z.infer<typeof liveSearchSchema>
