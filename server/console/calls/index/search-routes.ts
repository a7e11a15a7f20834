// GET /api/console/calls/search: the call index searched (calls:read); GET /calls/index: its state;
// POST /calls/index: a full backfill, for admins. Mounted at CONSOLE_PREFIX with each route's own guard,
// so no middleware reaches the console's other routes.
import { Hono, type MiddlewareHandler } from 'hono'
import {
  CALL_INDEX_PATHS,
  type CallPlacers,
  type CallSearchResponse,
  callSearchQuery,
  type IndexedCall,
  SEARCH_COUNT_CAP,
} from '../../../../src/api/contract/call-index-schemas'
import { requirePermission, type SessionEnv } from '../../auth/require-session'
import { sendProblem } from '../../http/problem'
import { queryString } from '../../http/query-string'
import type { ConsoleStore } from '../../store'
import type { SearchRow } from '../../store/call-search'
import type { CallIndexSync } from './call-index-sync'
import { isoTime } from './index-state'
import { readIndexState } from './read-index-state'
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor'
import { searchFilterOf, termsProblem } from './search-filter'
import type { createSearchLimits } from './search-limits'

const DEFAULT_PAGE = 50

const flag = (value: number | null) => (value === null ? null : value === 1)

function indexedCallOf(row: SearchRow): IndexedCall {
  return {
    call_id: row.call_id,
    status: row.status,
    caller_id: row.caller_id,
    destination: row.destination,
    duration_seconds: row.duration_seconds,
    created_at: isoTime(row.created_at),
    billed_minutes: row.billed_minutes,
    has_recording: flag(row.has_recording),
    voicemail_drop: flag(row.voicemail_drop),
    source: row.source,
    metadata: row.metadata === null ? null : JSON.parse(row.metadata),
    updated_at: row.updated_at === null ? null : isoTime(row.updated_at),
    placedBy: row.owner_id && row.owner_email ? { userId: row.owner_id, email: row.owner_email } : null,
    outcome: row.outcome_id && row.outcome_label ? { id: row.outcome_id, label: row.outcome_label } : null,
  }
}

export function callIndexRoutes(options: {
  store: ConsoleStore
  sync: CallIndexSync | null
  signedIn: MiddlewareHandler<SessionEnv>
  /** A person's searches: their cost against the pace, their slots and their turns at the readers. */
  withinLimits: ReturnType<typeof createSearchLimits>
}) {
  const { store, sync, signedIn, withinLimits } = options
  const state = () => (sync ? sync.state() : readIndexState(store, null))
  return (
    new Hono<SessionEnv>()
      .get(
        CALL_INDEX_PATHS.search,
        signedIn,
        requirePermission('calls:read'),
        queryString(callSearchQuery, {
          detail: 'One of the search filters is not valid; clear it and try again.',
          title: 'Invalid search',
        }),
        async (c) => {
          const query = c.req.valid('query')
          const short = termsProblem(c, query.q, 'Invalid search')
          if (short) return short
          const after = query.cursor ? decodeSearchCursor(query.cursor) : null
          if (query.cursor && !after) {
            const errors = [{ field: 'cursor', message: 'This is not a cursor of this search.' }]
            return sendProblem(
              c,
              400,
              'Invalid search',
              'The page asked for does not exist; start from the first page.',
              { errors },
            )
          }
          const filter = searchFilterOf(query)
          return withinLimits(c, filter, async () => {
            const limit = query.limit ?? DEFAULT_PAGE
            // One more than the page: whether there is a next page, without a second count.
            const plan = await store.callSearch.plan(filter)
            const rows = await store.callSearch.page(filter, after, limit + 1, plan)
            const page = rows.slice(0, limit)
            const last = page.at(-1)
            const { count: counted, minutes } = await store.callSearch.countWithMinutes(filter, SEARCH_COUNT_CAP, plan)
            const capped = counted > SEARCH_COUNT_CAP
            const body: CallSearchResponse = {
              calls: page.map(indexedCallOf),
              nextCursor:
                rows.length > limit && last
                  ? encodeSearchCursor({ createdAt: last.created_at, callId: last.call_id })
                  : null,
              total: Math.min(counted, SEARCH_COUNT_CAP),
              totalCapped: capped,
              // Past the cap the sum is of the calls counted, not of all: unknown, as the total is.
              billedMinutes: capped ? null : minutes,
              index: await state(),
            }
            return c.json(body)
          })
        },
      )
      // Who placed calls is already on every row a reader sees; the list of them is no more.
      .get(CALL_INDEX_PATHS.placers, signedIn, requirePermission('calls:read'), async (c) => {
        const body: CallPlacers = { people: await store.callOwners.placers() }
        return c.json(body)
      })
      .get(CALL_INDEX_PATHS.index, signedIn, requirePermission('calls:read'), async (c) => {
        return c.json(await state())
      })
      // A full backfill lists every call again: an admin's decision (users:manage, the admins' permission).
      .post(CALL_INDEX_PATHS.index, signedIn, requirePermission('users:manage'), async (c) => {
        if (!sync)
          return sendProblem(
            c,
            503,
            'No call index',
            'The console has no API key for the voice service, so it keeps no index.',
          )
        // Already running: the same answer, and the one backfill goes on.
        await sync.requestBackfill()
        return c.json(await sync.state(), 202)
      })
  )
}
