import { Hono } from 'hono'
import {
  callDetail,
  callRecordings,
  createCallRequest,
  createCallResponse,
  listCallsQuery,
  listCallsResponse,
  QUEUED,
} from '../contract/schemas'
import type { AppDeps, AppEnv } from '../deps'
import { periodStartOf } from '../domain/billing'
import { planCall } from '../domain/call-plan'
import { decodeCursor, encodeCursor } from '../domain/cursor'
import { newCallId } from '../domain/ids'
import { parseQueryDate, toTimestamp } from '../domain/time'
import { methodNotAllowed } from '../http/error-handler'
import { createIdempotency } from '../http/idempotency'
import { limitBody, readJsonBody, readQuery } from '../http/json-body'
import { badRequest, invalidCursor, notFound } from '../http/problem'
import { callLinks, detailView, listItemView, recordingsView } from './call-views'
import { createStatusLookup } from './status-lookup'

const callNotFound = (id: string) => notFound(`No call with id ${id} was found for this account.`)

export function callsRoutes(deps: AppDeps) {
  const { queries, now, secret, config } = deps
  const idempotent = createIdempotency(queries, now)
  const callStatus = createStatusLookup(queries)
  const urls = () => ({ storageUrl: deps.storageUrl(), secret, now: now() })

  return new Hono<AppEnv>()
    .post('/', limitBody, (c) =>
      idempotent(
        c,
        'calls',
        () => readJsonBody(c, createCallRequest),
        (body) => {
          const account = c.get('account')
          const createdAtMs = now()
          const callerId = queries.callerIds.findByNumber(account.id, body.caller_id)
          if (!callerId || callerId.verified_at_ms === null || callerId.verified_at_ms > createdAtMs) {
            const message = `${body.caller_id} is not a verified caller ID of this account. Verify it on the Caller IDs page first.`
            throw badRequest(message, [{ field: 'caller_id', message }])
          }
          const callId = newCallId(createdAtMs)
          const plan = planCall({ callId, destination: body.destination, createdAtMs, speed: config.speed })
          queries.calls.insert({
            callId,
            accountId: account.id,
            callerId: body.caller_id,
            destination: body.destination,
            record: body.record,
            metadata: body.metadata,
            source: 'API',
            plan,
            periodStartMs: periodStartOf(createdAtMs),
          })
          const response = createCallResponse.parse({
            call_id: callId,
            status: QUEUED,
            caller_id: body.caller_id,
            destination: body.destination,
            created_at: toTimestamp(createdAtMs),
            recording: { enabled: body.record },
            metadata: body.metadata,
            links: callLinks(callId),
          })
          return { status: 201, body: response }
        },
      ),
    )
    .get('/', (c) => {
      const query = readQuery(c, listCallsQuery)
      const account = c.get('account')
      const scope = `calls|${account.id}`
      let after: [number, number] | undefined
      if (query.cursor) {
        const key = decodeCursor(secret, scope, query.cursor, 2)
        if (!key) throw invalidCursor()
        after = [key[0] ?? 0, key[1] ?? 0]
      }
      const rows = queries.calls.list({
        accountId: account.id,
        now: now(),
        status: query.status,
        fromMs: query.from_date ? parseQueryDate(query.from_date) : undefined,
        toMs: query.to_date ? parseQueryDate(query.to_date) : undefined,
        after,
        limit: query.limit + 1,
      })
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      const time = now()
      return c.json(
        listCallsResponse.parse({
          calls: page.map((row) => listItemView(row, time)),
          next_cursor:
            rows.length > query.limit && last ? encodeCursor(secret, scope, [last.created_at_ms, last.seq]) : null,
        }),
      )
    })
    .all('/', methodNotAllowed(['GET', 'POST']))
    .get('/:call_id', (c) => {
      const id = c.req.param('call_id')
      const row = queries.calls.find(id, c.get('account').id)
      if (!row) throw callNotFound(id)
      return c.json(callDetail.parse(detailView(row, urls())))
    })
    .all('/:call_id', methodNotAllowed(['GET']))
    .get('/:call_id/status', (c) => {
      const id = c.req.param('call_id')
      // Typed as CallStatusResponse instead of parsed: this is the hot path (see status-lookup.ts).
      const status = callStatus(id, c.get('account').id, now())
      if (!status) throw callNotFound(id)
      return c.json(status)
    })
    .all('/:call_id/status', methodNotAllowed(['GET']))
    .get('/:call_id/recordings', (c) => {
      const id = c.req.param('call_id')
      const row = queries.calls.find(id, c.get('account').id)
      if (!row) throw callNotFound(id)
      return c.json(callRecordings.parse(recordingsView(row, urls())))
    })
    .all('/:call_id/recordings', methodNotAllowed(['GET']))
}
