// /api/console/integrations…: the destinations of call events, a test event to one, and the delivery log.
// integrations:manage (admins only), paced per person like the console's queries; every change audited, the
// secret answered once, when the destination is added, and never again.
import { randomBytes } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import { INTEGRATION_PATHS, integrationChange, integrationInput } from '../../../src/api/contract/integration-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { requirePermission, type SessionEnv } from '../auth/require-session'
import { logCursor, logPageAnswer } from '../delivery/delivery-answers'
import { checkWebhookUrl } from '../delivery/ssrf-guard'
import { newWebhookSecret } from '../delivery/webhook-signature'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import { queryString } from '../http/query-string'
import type { ConsoleStore } from '../store'
import type { IntegrationRow } from '../store/integrations'
import { integrationAnswer, integrationDeliveryAnswer } from './integration-answers'
import type { IntegrationDelivery } from './integration-delivery'

export interface IntegrationRouteDeps {
  store: ConsoleStore
  delivery: Pick<IntegrationDelivery, 'allowPrivate' | 'sendTest'>
  audit: AuditLog
  /** Signed in and paced per person; the routes add integrations:manage. */
  guard: MiddlewareHandler<SessionEnv>[]
  now: () => number
}

/** Enough for a team's systems, few enough to list on one page. */
const MAX_INTEGRATIONS = 50

const INTEGRATION_ID = /^int_[A-Za-z0-9_-]{1,40}$/

const newBody = jsonBody(integrationInput, 'Check the destination’s name, URL and events.')
const changeBody = jsonBody(integrationChange, 'Check the destination’s name, URL and events.')

const deliveryQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  integrationId: z.optional(z.string().check(z.regex(INTEGRATION_ID))),
})

const urlProblem = (c: Context, message: string) =>
  sendProblem(c, 400, 'The console will not send to this URL', message, { errors: [{ field: 'url', message }] })

/** What the trail keeps of a destination: never its secret. */
const described = (row: Pick<IntegrationRow, 'name' | 'url' | 'events' | 'enabled'>) => ({
  name: row.name,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
})

export function integrationRoutes(deps: IntegrationRouteDeps) {
  const { store, delivery, audit, now } = deps
  const by = (c: Context<SessionEnv>) => ({ actor: actorOf(c.get('session')), ...requestFacts(c) })

  const notFound = (c: Context) =>
    sendProblem(c, 404, 'No such integration', 'That integration does not exist, or it was deleted. Reload the list.')

  async function integrationOf(c: Context<SessionEnv>): Promise<IntegrationRow | Response> {
    const id = c.req.param('id') ?? ''
    const row = INTEGRATION_ID.test(id) ? await store.integrations.find(id) : null
    return row ?? notFound(c)
  }

  const guard = [...deps.guard, requirePermission('integrations:manage')]
  return new Hono<SessionEnv>()
    .use(INTEGRATION_PATHS.destinations, ...guard)
    .use(`${INTEGRATION_PATHS.destinations}/*`, ...guard)
    .get(INTEGRATION_PATHS.destinations, async (c) =>
      c.json({ integrations: (await store.integrations.list()).map(integrationAnswer) }),
    )
    .post(INTEGRATION_PATHS.destinations, newBody, async (c) => {
      const input = c.req.valid('json')
      const check = await checkWebhookUrl(input.url, delivery.allowPrivate)
      if (!check.ok) return urlProblem(c, check.message)
      if ((await store.integrations.count()) >= MAX_INTEGRATIONS)
        return sendProblem(
          c,
          409,
          'Too many integrations',
          `The console keeps ${MAX_INTEGRATIONS} integrations. Delete one no longer used first.`,
        )
      const secret = newWebhookSecret()
      const id = `int_${randomBytes(12).toString('base64url')}`
      await store.integrations.create({
        id,
        name: input.name,
        url: input.url,
        secret,
        events: [...new Set(input.events)],
        enabled: input.enabled,
        disabledReason: null,
        createdAt: now(),
      })
      const row = (await store.integrations.find(id)) as IntegrationRow
      await audit.record({ ...by(c), action: 'integration.created', target: id, outcome: 201, detail: described(row) })
      return c.json({ integration: integrationAnswer(row), secret }, 201)
    })
    .get(
      INTEGRATION_PATHS.deliveries,
      queryString(deliveryQuery, 'Check the log’s filters: they do not fit.'),
      async (c) => {
        const { cursor, limit = 50, integrationId } = c.req.valid('query')
        const read = logCursor(c, cursor)
        if (read instanceof Response) return read
        const rows = await store.integrationDeliveries.page({ after: read.after, limit, integrationId })
        return c.json(logPageAnswer(rows, limit, integrationDeliveryAnswer))
      },
    )
    .on(['PATCH', 'PUT'], INTEGRATION_PATHS.destination, changeBody, async (c) => {
      const row = await integrationOf(c)
      if (row instanceof Response) return row
      const change = c.req.valid('json')
      if (change.url !== undefined) {
        const check = await checkWebhookUrl(change.url, delivery.allowPrivate)
        if (!check.ok) return urlProblem(c, check.message)
      }
      await store.integrations.update(row.id, {
        ...change,
        ...(change.events && { events: [...new Set(change.events)] }),
      })
      const updated = (await store.integrations.find(row.id)) ?? row
      await audit.record({
        ...by(c),
        action: 'integration.changed',
        target: row.id,
        outcome: 200,
        detail: { before: described(row), after: described(updated) },
      })
      return c.json(integrationAnswer(updated))
    })
    .delete(INTEGRATION_PATHS.destination, async (c) => {
      const row = await integrationOf(c)
      if (row instanceof Response) return row
      if (!(await store.integrations.remove(row.id))) return notFound(c)
      await audit.record({
        ...by(c),
        action: 'integration.deleted',
        target: row.id,
        outcome: 204,
        detail: described(row),
      })
      return c.body(null, 204)
    })
    .post(INTEGRATION_PATHS.destinationTest, async (c) => {
      const row = await integrationOf(c)
      if (row instanceof Response) return row
      const queued = await delivery.sendTest(row.id)
      if (!queued) return notFound(c)
      await audit.record({
        ...by(c),
        action: 'integration.tested',
        target: row.id,
        outcome: 202,
        detail: { delivery: queued.id, name: row.name },
      })
      return c.json(integrationDeliveryAnswer(queued), 202)
    })
}
