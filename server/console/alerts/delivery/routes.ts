// /api/console/alerts/channels and /alerts/deliveries: the channels that carry firings out, a test through
// one, and the delivery log. alerts:manage (managers and admins), paced per person like the console's queries.
import { randomBytes } from 'node:crypto'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import {
  ALERT_CHANNEL_ID,
  ALERT_PATHS,
  emailChannelInput,
  webhookChannelInput,
} from '../../../../src/api/contract/alert-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import { requirePermission, type SessionEnv } from '../../auth/require-session'
import { logCursor, logPageAnswer } from '../../delivery/delivery-answers'
import { checkWebhookUrl } from '../../delivery/ssrf-guard'
import { newWebhookSecret } from '../../delivery/webhook-signature'
import { jsonBody } from '../../http/json-body'
import { sendProblem } from '../../http/problem'
import { queryString } from '../../http/query-string'
import type { ConsoleStore } from '../../store'
import type { ChannelRow } from '../../store/alert-channels'
import { channelAnswer, deliveryAnswer } from './channel-answers'
import type { AlertDelivery } from './delivery'

export interface AlertDeliveryRouteDeps {
  store: ConsoleStore
  delivery: AlertDelivery
  audit: AuditLog
  /** Signed in and paced per person; the routes add alerts:manage. */
  guard: MiddlewareHandler<SessionEnv>[]
  now: () => number
}

/** Every person's channels together: enough for a team, few enough to list on one page. */
const MAX_CHANNELS = 50

const CHANNEL_ID = ALERT_CHANNEL_ID
const RULE_ID = /^rule_[A-Za-z0-9_-]{1,40}$/

const alertChannelInput = z.discriminatedUnion('kind', [webhookChannelInput, emailChannelInput])
const [webhookInput, emailInput] = [webhookChannelInput, emailChannelInput]
/** A change names only what changes; the kind stays (a PUT of the whole input names it, unchanged). */
const channelChange = z.partial(
  z.object({
    kind: z.unknown(),
    name: webhookInput.shape.name,
    url: webhookInput.shape.url,
    recipients: emailInput.shape.recipients,
    enabled: webhookInput.shape.enabled,
  }),
)
const newChannelBody = jsonBody(alertChannelInput, 'Check the channel’s kind, name and address.')
const channelChangeBody = jsonBody(channelChange, 'Check the channel’s name and address.')

const deliveryQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  channelId: z.optional(z.string().check(z.regex(CHANNEL_ID))),
  /** The deliveries of one rule's firings. */
  ruleId: z.optional(z.string().check(z.regex(RULE_ID, { error: 'Not a rule id.' }))),
})

const urlProblem = (c: Context, message: string) =>
  sendProblem(c, 400, 'The console will not send to this URL', message, { errors: [{ field: 'url', message }] })

const NO_SMTP =
  'Email channels need an SMTP server: an admin sets CONSOLE_SMTP_URL (and CONSOLE_ALERT_EMAIL_FROM) and restarts the console.'

export function alertDeliveryRoutes(deps: AlertDeliveryRouteDeps) {
  const { store, delivery, audit, now } = deps
  const by = (c: Context<SessionEnv>) => ({ actor: actorOf(c.get('session')), ...requestFacts(c) })

  /** Who sets a channel's addresses, as the email names them: "ana@example.com (manager)". */
  const addedBy = (c: Context<SessionEnv>) => ({ email: c.get('session').email, role: c.get('session').role })

  const notFound = (c: Context) =>
    sendProblem(c, 404, 'No such channel', 'That alert channel does not exist, or it was deleted. Reload the list.')

  async function channelOf(c: Context<SessionEnv>): Promise<ChannelRow | Response> {
    const id = c.req.param('id') ?? ''
    const row = CHANNEL_ID.test(id) ? await store.alertChannels.find(id) : null
    return row ?? notFound(c)
  }

  /** What the trail keeps of a channel: never its secret. */
  const described = (row: Pick<ChannelRow, 'kind' | 'name' | 'url' | 'recipients' | 'enabled'>) => ({
    kind: row.kind,
    name: row.name,
    url: row.url,
    recipients: row.recipients,
    enabled: row.enabled,
  })

  const guard = [...deps.guard, requirePermission('alerts:manage')]
  return new Hono<SessionEnv>()
    .use(ALERT_PATHS.channels, ...guard)
    .use(`${ALERT_PATHS.channels}/*`, ...guard)
    .use(ALERT_PATHS.deliveries, ...guard)
    .get(ALERT_PATHS.channels, async (c) =>
      c.json({
        channels: (await store.alertChannels.list()).map(channelAnswer),
        emailConfigured: delivery.emailConfigured,
      }),
    )
    .post(ALERT_PATHS.channels, newChannelBody, async (c) => {
      const input = c.req.valid('json')
      if (input.kind === 'email' && !delivery.emailConfigured)
        return sendProblem(c, 400, 'Email is not configured', NO_SMTP, {
          errors: [{ field: 'kind', message: NO_SMTP }],
        })
      if (input.kind === 'webhook') {
        const check = await checkWebhookUrl(input.url, delivery.allowPrivate)
        if (!check.ok) return urlProblem(c, check.message)
      }
      if ((await store.alertChannels.count()) >= MAX_CHANNELS)
        return sendProblem(
          c,
          409,
          'Too many channels',
          `The console keeps ${MAX_CHANNELS} alert channels. Delete one no longer used first.`,
        )
      const secret = input.kind === 'webhook' ? newWebhookSecret() : null
      const id = `chn_${randomBytes(12).toString('base64url')}`
      await store.alertChannels.create({
        id,
        kind: input.kind,
        name: input.name,
        url: input.kind === 'webhook' ? input.url : null,
        recipients: input.kind === 'email' ? input.recipients : null,
        secret,
        enabled: input.enabled,
        createdAt: now(),
        addedBy: addedBy(c),
      })
      const row = (await store.alertChannels.find(id)) as ChannelRow
      await audit.record({
        ...by(c),
        action: 'alert-channel.created',
        target: id,
        outcome: 201,
        detail: described(row),
      })
      return c.json({ channel: channelAnswer(row), secret }, 201)
    })
    .on(['PATCH', 'PUT'], ALERT_PATHS.channel, channelChangeBody, async (c) => {
      const row = await channelOf(c)
      if (row instanceof Response) return row
      const { kind, ...change } = c.req.valid('json')
      if (kind !== undefined && kind !== row.kind)
        return sendProblem(
          c,
          400,
          'A channel keeps its kind',
          `This is a ${row.kind} channel. Add a new channel instead.`,
          {
            errors: [{ field: 'kind', message: `This is a ${row.kind} channel.` }],
          },
        )
      if (row.kind === 'webhook' && change.recipients !== undefined)
        return sendProblem(
          c,
          400,
          'A webhook has no recipients',
          'Change the URL of a webhook channel, not recipients.',
        )
      if (row.kind === 'email' && change.url !== undefined)
        return sendProblem(
          c,
          400,
          'An email channel has no URL',
          'Change the recipients of an email channel, not a URL.',
        )
      if (change.url !== undefined) {
        const check = await checkWebhookUrl(change.url, delivery.allowPrivate)
        if (!check.ok) return urlProblem(c, check.message)
      }
      await store.alertChannels.update(row.id, {
        ...change,
        ...(change.recipients !== undefined && { addedBy: addedBy(c) }),
      })
      const updated = (await store.alertChannels.find(row.id)) ?? row
      await audit.record({
        ...by(c),
        action: 'alert-channel.changed',
        target: row.id,
        outcome: 200,
        detail: { before: described(row), after: described(updated) },
      })
      return c.json(channelAnswer(updated))
    })
    .delete(ALERT_PATHS.channel, async (c) => {
      const row = await channelOf(c)
      if (row instanceof Response) return row
      if (!(await store.alertChannels.remove(row.id))) return notFound(c)
      await audit.record({
        ...by(c),
        action: 'alert-channel.deleted',
        target: row.id,
        outcome: 204,
        detail: described(row),
      })
      return c.body(null, 204)
    })
    .post(ALERT_PATHS.channelTest, async (c) => {
      const row = await channelOf(c)
      if (row instanceof Response) return row
      if (row.kind === 'email' && !delivery.emailConfigured)
        return sendProblem(c, 409, 'Email is not configured', NO_SMTP)
      const queued = await delivery.sendTest(row.id)
      if (!queued) return notFound(c)
      await audit.record({
        ...by(c),
        action: 'alert-channel.tested',
        target: row.id,
        outcome: 202,
        detail: { delivery: queued.id, name: row.name },
      })
      return c.json(deliveryAnswer(queued), 202)
    })
    .get(ALERT_PATHS.deliveries, queryString(deliveryQuery, 'Check the log’s filters: they do not fit.'), async (c) => {
      const { cursor, limit = 50, channelId, ruleId } = c.req.valid('query')
      const read = logCursor(c, cursor)
      if (read instanceof Response) return read
      const rows = await store.alertDeliveries.page({ after: read.after, limit, channelId, filters: { ruleId } })
      return c.json(logPageAnswer(rows, limit, deliveryAnswer))
    })
}
