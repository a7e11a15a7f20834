// /api/console/alerts: the rules (list, add, change, delete), the banner's notices and their dismissal, and
// every firing. Managers and admins only (alerts:manage); each route names its guard, so another part's
// routes under /alerts are never guarded twice.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import * as z from 'zod/mini'
import { ALERT_PATHS, type AlertRuleInput, alertRuleInput } from '../../../../src/api/contract/alert-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import type { SessionEnv } from '../../auth/require-session'
import { jsonBody } from '../../http/json-body'
import { sendProblem } from '../../http/problem'
import { queryString } from '../../http/query-string'
import type { ConsoleStore } from '../../store'
import type { FiringCursor } from '../../store/alert-firings'
import type { AlertRuleRow } from '../../store/alert-rules'
import { alertFiringOf, alertRuleOf } from './alert-json'
import { ruleDescription } from './alert-words'

const RULE_ID = /^rule_[A-Za-z0-9_-]{1,40}$/
const FIRING_ID = /^firing_[A-Za-z0-9_-]{1,40}$/
/** The banner shows the newest; a period has a handful of firings unless many caller IDs are flagged. */
const NOTICES_LIMIT = 50

const firingsQuery = z.object({
  cursor: z.optional(z.string().check(z.regex(/^[0-9]{1,16}\.firing_[A-Za-z0-9_-]{1,40}$/))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
})

export interface AlertRuleRoutesOptions {
  store: ConsoleStore
  audit: AuditLog
  /** Signed in (and paced), then alerts:manage. */
  guard: MiddlewareHandler<SessionEnv>
  /** A rule was added or changed: evaluate soon rather than at the next scheduled round. */
  onRulesChanged?: () => void
  now: () => number
}

const ruleBody = jsonBody(alertRuleInput, 'Check the rule’s kind, percent and whether it is on.')

/** The 400 naming the percent when it does not go with the rule's kind; null when it does. */
function percentProblem(c: Context<SessionEnv>, rule: AlertRuleInput): Response | null {
  if (rule.kind === 'usage-percent' && rule.percent == null)
    return sendProblem(
      c,
      400,
      'Your request has invalid fields',
      'Give the percentage of the commitment that fires it.',
      {
        errors: [{ field: 'percent', message: 'A usage rule needs a percent, 1 to 1000.' }],
      },
    )
  if (rule.kind !== 'usage-percent' && rule.percent != null)
    return sendProblem(c, 400, 'Your request has invalid fields', 'Only a usage rule takes a percent.', {
      errors: [{ field: 'percent', message: 'Leave the percent out for this kind of rule.' }],
    })
  return null
}

/** The 400 naming the channels that do not exist; null when every one does (or the rule goes to every channel). */
async function channelsProblem(
  c: Context<SessionEnv>,
  store: ConsoleStore,
  channelIds: readonly string[] | null | undefined,
): Promise<Response | null> {
  if (!channelIds) return null
  if (new Set(channelIds).size !== channelIds.length)
    return sendProblem(c, 400, 'Your request has invalid fields', 'Name each channel once.', {
      errors: [{ field: 'channelIds', message: 'A channel is named twice.' }],
    })
  const known = new Set((await store.alertChannels.list()).map((channel) => channel.id))
  const unknown = channelIds.filter((id) => !known.has(id))
  if (unknown.length === 0) return null
  const message =
    unknown.length === 1
      ? 'One of the channels does not exist, or it was deleted. Reload the page and choose again.'
      : `${unknown.length} of the channels do not exist, or they were deleted. Reload the page and choose again.`
  return sendProblem(c, 400, 'Your request has invalid fields', message, {
    errors: [{ field: 'channelIds', message }],
  })
}

const taken = (c: Context, rule: AlertRuleInput) =>
  sendProblem(
    c,
    409,
    'That rule exists already',
    `There is already a rule “${ruleDescription(rule.kind, rule.percent ?? null)}”. Change that one instead.`,
  )

export function alertRuleRoutes(options: AlertRuleRoutesOptions) {
  const { store, audit, now } = options
  // Per route, not a use() on /alerts/*: the channels' routes share the prefix and have their own guard.
  const { guard } = options

  /** What the trail keeps of a rule's channels: "every channel", or their names (a deleted one by its id). */
  const channelNames = async (ids: readonly string[] | null): Promise<string | string[]> => {
    if (ids === null) return 'every channel'
    const names = new Map((await store.alertChannels.list()).map((channel) => [channel.id, channel.name]))
    return ids.map((id) => names.get(id) ?? id)
  }

  const record = async (
    c: Context<SessionEnv>,
    action: 'alert-rule.created' | 'alert-rule.changed' | 'alert-rule.deleted',
    rule: AlertRuleRow,
    status: number,
    before?: AlertRuleRow,
  ) =>
    audit.record({
      actor: actorOf(c.get('session')),
      action,
      target: rule.id,
      outcome: status,
      ...requestFacts(c),
      detail: {
        rule: ruleDescription(rule.kind, rule.percent),
        enabled: rule.enabled,
        channels: await channelNames(rule.channelIds),
        ...(before
          ? {
              before: ruleDescription(before.kind, before.percent),
              enabledBefore: before.enabled,
              channelsBefore: await channelNames(before.channelIds),
            }
          : {}),
      },
    })

  /** The rule named in the path, or the 404 to send instead. */
  async function pathRule(c: Context<SessionEnv>): Promise<AlertRuleRow | Response> {
    const id = c.req.param('id') ?? ''
    const row = RULE_ID.test(id) ? await store.alertRules.find(id) : null
    return row ?? sendProblem(c, 404, 'No such rule', 'That alert rule does not exist, or it was deleted.')
  }

  const channelIds = async () => new Set((await store.alertChannels.list()).map((channel) => channel.id))

  const ruleAnswer = async (row: AlertRuleRow) =>
    alertRuleOf(row, (await store.alertFirings.rulesFiredInOpenPeriods(now())).has(row.id), await channelIds())

  return new Hono<SessionEnv>()
    .get(ALERT_PATHS.rules, guard, async (c) => {
      const fired = await store.alertFirings.rulesFiredInOpenPeriods(now())
      const channels = await channelIds()
      return c.json({
        rules: (await store.alertRules.list()).map((row) => alertRuleOf(row, fired.has(row.id), channels)),
      })
    })
    .post(ALERT_PATHS.rules, guard, ruleBody, async (c) => {
      const rule = c.req.valid('json')
      const refused = percentProblem(c, rule) ?? (await channelsProblem(c, store, rule.channelIds))
      if (refused) return refused
      const id = await store.alertRules.create(
        { kind: rule.kind, percent: rule.percent ?? null, enabled: rule.enabled, channelIds: rule.channelIds ?? null },
        c.get('session').userId,
        now(),
      )
      const row = id && (await store.alertRules.find(id))
      if (!row) return taken(c, rule)
      await record(c, 'alert-rule.created', row, 201)
      options.onRulesChanged?.()
      return c.json(await ruleAnswer(row), 201)
    })
    .put(ALERT_PATHS.rule, guard, ruleBody, async (c) => {
      const before = await pathRule(c)
      if (before instanceof Response) return before
      const rule = c.req.valid('json')
      const refused = percentProblem(c, rule) ?? (await channelsProblem(c, store, rule.channelIds))
      if (refused) return refused
      // Left out, the channels stay: a switch or a percent changed alone keeps where the rule goes.
      const values = {
        kind: rule.kind,
        percent: rule.percent ?? null,
        enabled: rule.enabled,
        channelIds: rule.channelIds,
      }
      if ((await store.alertRules.update(before.id, values, c.get('session').userId, now())) === 'taken')
        return taken(c, rule)
      const row = await store.alertRules.find(before.id)
      if (!row) return sendProblem(c, 404, 'No such rule', 'That alert rule was deleted meanwhile.')
      await record(c, 'alert-rule.changed', row, 200, before)
      options.onRulesChanged?.()
      return c.json(await ruleAnswer(row))
    })
    .delete(ALERT_PATHS.rule, guard, async (c) => {
      const row = await pathRule(c)
      if (row instanceof Response) return row
      // Its firings stay: they are the record of what was said, and the banner's notices.
      if (await store.alertRules.remove(row.id)) await record(c, 'alert-rule.deleted', row, 204)
      return c.body(null, 204)
    })
    .get(ALERT_PATHS.notices, guard, async (c) => {
      const rows = await store.alertFirings.notices(c.get('session').userId, now(), NOTICES_LIMIT)
      return c.json({ notices: rows.map(alertFiringOf) })
    })
    .post(ALERT_PATHS.dismiss, guard, async (c) => {
      const id = c.req.param('id')
      const firing = FIRING_ID.test(id) ? await store.alertFirings.find(id) : null
      if (!firing) return sendProblem(c, 404, 'No such alert', 'That alert does not exist.')
      // Per person: the others still see it until they dismiss it too.
      await store.alertFirings.dismiss(firing.id, c.get('session').userId, now())
      return c.body(null, 204)
    })
    .get(
      ALERT_PATHS.firings,
      guard,
      queryString(firingsQuery, 'Check the cursor and limit of the list.'),
      async (c) => {
        const asked = c.req.valid('query')
        const limit = asked.limit ?? 50
        const cursor = asked.cursor ? cursorOf(asked.cursor) : null
        // One more than a page says whether an older page exists.
        const rows = await store.alertFirings.page(limit + 1, cursor)
        const page = rows.slice(0, limit)
        const last = page.at(-1)
        return c.json({
          firings: page.map(alertFiringOf),
          nextCursor: rows.length > limit && last ? `${last.firedAt}.${last.id}` : null,
        })
      },
    )
}

function cursorOf(text: string): FiringCursor {
  const dot = text.indexOf('.')
  return { firedAt: Number(text.slice(0, dot)), id: text.slice(dot + 1) }
}
