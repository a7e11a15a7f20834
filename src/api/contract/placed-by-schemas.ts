// Who placed a call through this console: the calls pages, the live board, the call index and the export
// read it. Apart from the audit trail's contract (audit-schemas.ts), so the calls pages never load the trail's
// actions: every top-level schema of a module they import ships in their cold JavaScript.
import * as z from 'zod/mini'

export const PLACED_BY_PATH = '/placed-by'

/** The person who placed a call through this console. */
export const placedBy = z.object({ userId: z.string(), email: z.string() })

/** Who placed a call this console has no record of placing, as the calls pages and the export say it. */
export const PLACED_ELSEWHERE = 'API'

export type PlacedBy = z.infer<typeof placedBy>

/** Who placed each call this console placed; a call it did not place is absent. */
export const placedByResponse = z.object({
  placedBy: z.record(z.string(), placedBy),
})
export type PlacedByResponse = z.infer<typeof placedByResponse>
