// /api/console/placed-by?call_id=…: who placed each of a page of calls, in one request.
// Calls the console did not place are left out; the page shows "API" for them.
import { Hono, type MiddlewareHandler } from 'hono'
import type { PlacedByResponse } from '../../../src/api/contract/placed-by-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'

// A page of the calls list is at most 100 rows.
const MAX_IDS = 100
const CALL_ID = /^[A-Za-z0-9_-]{1,100}$/

export function placedByRoutes(store: ConsoleStore, signedIn: MiddlewareHandler<SessionEnv>) {
  return new Hono<SessionEnv>().get('/', signedIn, requirePermission('calls:read'), async (c) => {
    c.set('route', c.req.routePath)
    const ids = [...new Set(c.req.queries('call_id') ?? [])]
    if (ids.length > MAX_IDS || ids.some((id) => !CALL_ID.test(id))) {
      return sendProblem(
        c,
        400,
        'Invalid call ids',
        `Ask for at most ${MAX_IDS} call ids, each made of letters, digits, "_" and "-".`,
      )
    }
    const owners = await store.callOwners.ownersOf(ids)
    const body: PlacedByResponse = {
      placedBy: Object.fromEntries(owners.map((row) => [row.call_id, { userId: row.user_id, email: row.email }])),
    }
    c.header('Cache-Control', 'private, no-cache')
    return c.json(body)
  })
}
