// New call's caller-ID suggestion (calls:read, as reading the calls it comes from): GET /caller-id-suggestion?to=
// answers the caller ID of the account's newest call to that number; GET /caller-ids/flagged the caller IDs
// flagged "answered less than usual" with the reason, which /caller-ids/health gives only to usage:read.
// Mounted at CONSOLE_PREFIX.
import { Hono, type MiddlewareHandler } from 'hono'
import {
  CALLER_ID_SUGGESTION_PATHS,
  type FlaggedCallerIdsResponse,
  type LastCallerIdResponse,
  lastCallerIdQuery,
} from '../../../src/api/contract/caller-id-suggestion-schemas'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { queryString } from '../http/query-string'
import type { ConsoleStore } from '../store'
import { readFlaggedCallerIds } from './read-health'

export function callerIdSuggestionRoutes(store: ConsoleStore, signedIn: MiddlewareHandler<SessionEnv>) {
  return new Hono<SessionEnv>()
    .get(
      CALLER_ID_SUGGESTION_PATHS.lastUsed,
      signedIn,
      requirePermission('calls:read'),
      queryString(lastCallerIdQuery, {
        detail: 'Give the number to call as `to`, in international format: +14155550100.',
        title: 'Invalid number',
      }),
      async (c) => {
        const { to } = c.req.valid('query')
        const last = await store.lastCallerId.lastUsedFor(to)
        const body: LastCallerIdResponse = {
          to,
          lastUsed: last
            ? { callerId: last.caller_id, callId: last.call_id, createdAt: new Date(last.created_at).toISOString() }
            : null,
        }
        return c.json(body)
      },
    )
    .get(CALLER_ID_SUGGESTION_PATHS.flagged, signedIn, requirePermission('calls:read'), async (c) => {
      const body: FlaggedCallerIdsResponse = { flagged: await readFlaggedCallerIds(store) }
      return c.json(body)
    })
}
