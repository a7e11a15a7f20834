// /api/console/placed-by?call_id=…: who placed each of a page of calls, in one request.
// Calls the console did not place are left out; the page shows "API" for them.
import { Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import type { PlacedByResponse } from '../../../src/api/contract/placed-by-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'
import type { ConsoleStore } from '../store'

// A page of the calls list is at most 100 rows.
const MAX_IDS = 100
const CALL_ID = /^[A-Za-z0-9_-]{1,100}$/

// A page's ids, each given as its own `call_id`; the same id twice counts once.
const placedByQuery = z.object({
  call_id: z.optional(
    z.array(z.string()).check(z.refine((ids) => new Set(ids).size <= MAX_IDS && ids.every((id) => CALL_ID.test(id)))),
  ),
})

export function placedByRoutes(store: ConsoleStore, signedIn: MiddlewareHandler<SessionEnv>) {
  const query = queryString(
    placedByQuery,
    (c) =>
      sendProblem(
        c,
        400,
        'Invalid call ids',
        `Ask for at most ${MAX_IDS} call ids, each made of letters, digits, "_" and "-".`,
      ),
    { lists: ['call_id'] },
  )
  return new Hono<SessionEnv>().get('/', signedIn, requirePermission('calls:read'), query, async (c) => {
    const ids = [...new Set(c.req.valid('query').call_id ?? [])]
    const owners = await store.callOwners.ownersOf(ids)
    const body: PlacedByResponse = {
      placedBy: Object.fromEntries(owners.map((row) => [row.call_id, { userId: row.user_id, email: row.email }])),
    }
    return c.json(body)
  })
}
