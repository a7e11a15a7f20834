// /api/console/report-subscriptions: a manager's own usage reports by email; an admin's, anyone's. Listing and
// changing one's own needs `reports:subscribe`; another person's, `reports:manage` (admins). Support has neither.
// Each change is audited, its target the subscriber's email.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import {
  type ReportSubscription,
  type ReportSubscriptionList,
  reportSubscriptionInput,
} from '../../../src/api/contract/report-subscription-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { forbidden, requirePermission, type SessionEnv } from '../auth/require-session'
import { newMessageId } from '../delivery/webhook-signature'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import { can } from '../roles'
import type { ConsoleStore } from '../store'
import type { LatestReport, ReportSubscriptionRow } from '../store/report-subscriptions'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const subscriptionOf = (row: ReportSubscriptionRow, latest: LatestReport | undefined): ReportSubscription => ({
  id: row.id,
  userId: row.userId,
  email: row.email,
  active: row.active,
  frequency: row.frequency,
  timeZone: row.timeZone,
  createdAt: new Date(row.createdAt).toISOString(),
  lastReport: latest
    ? {
        periodStart: new Date(latest.periodStart).toISOString(),
        periodEnd: new Date(latest.periodEnd).toISOString(),
        status: latest.status,
        attempts: latest.attempts,
        lastAttemptAt: iso(latest.lastAttemptAt),
        nextAttemptAt: iso(latest.nextAttemptAt),
        response: latest.responseExcerpt,
      }
    : null,
})

export function reportSubscriptionRoutes(options: {
  store: ConsoleStore
  audit: AuditLog
  signedIn: MiddlewareHandler<SessionEnv>
  emailConfigured: boolean
  now: () => number
}) {
  const { store, audit } = options
  const subscriptions = store.reportSubscriptions
  const guard = [options.signedIn, requirePermission('reports:subscribe')] as const
  const managesAll = (c: Context<SessionEnv>) => can(c.get('session').role, 'reports:manage')
  const withLatest = async (rows: ReportSubscriptionRow[]) => {
    const latest = await subscriptions.latestReports(rows.map((row) => row.id))
    return rows.map((row) => subscriptionOf(row, latest.get(row.id)))
  }

  return new Hono<SessionEnv>()
    .get('/', ...guard, async (c) => {
      const all = managesAll(c)
      const rows = await subscriptions.list(all ? undefined : c.get('session').userId)
      const people = all
        ? (await store.users.list())
            .filter((user) => Number(user.active) === 1)
            .map((user) => ({ id: user.id, email: user.email }))
        : null
      const body: ReportSubscriptionList = {
        subscriptions: await withLatest(rows),
        emailConfigured: options.emailConfigured,
        people,
      }
      return c.json(body)
    })
    .post(
      '/',
      ...guard,
      jsonBody(reportSubscriptionInput, 'Check the report’s frequency and time zone.'),
      async (c) => {
        const input = c.req.valid('json')
        const session = c.get('session')
        const userId = input.userId ?? session.userId
        // Managers subscribe themselves only; an admin anyone.
        if (userId !== session.userId && !managesAll(c)) return forbidden(c)
        const person = await store.users.byId(userId)
        if (!person)
          return sendProblem(
            c,
            404,
            'No such person',
            'Nobody in the console has that id: choose someone from the list.',
            {
              errors: [{ field: 'userId', message: 'Choose someone from the list.' }],
            },
          )
        if (Number(person.active) !== 1)
          return sendProblem(c, 409, 'Person deactivated', `${person.email} is deactivated and receives no reports.`)
        const { row, added } = await subscriptions.add({
          id: `rps_${newMessageId().replace(/^msg_/, '')}`,
          userId,
          frequency: input.frequency,
          timeZone: input.timeZone ?? 'UTC',
          createdAt: options.now(),
          createdBy: session.userId,
        })
        const [answer] = await withLatest([row])
        if (!added) return c.json({ subscription: answer }, 200)
        await audit.record({
          actor: actorOf(session),
          ...requestFacts(c),
          action: 'report.subscribed',
          target: row.email,
          outcome: 201,
          detail: { subscriptionId: row.id, frequency: row.frequency, timeZone: row.timeZone },
        })
        return c.json({ subscription: answer }, 201)
      },
    )
    .delete('/:id', ...guard, async (c) => {
      const session = c.get('session')
      const row = await subscriptions.find(c.req.param('id'))
      if (!row || (row.userId !== session.userId && !managesAll(c)))
        return sendProblem(c, 404, 'No such subscription', 'That report subscription does not exist, or is not yours.')
      await subscriptions.remove(row.id)
      await audit.record({
        actor: actorOf(session),
        ...requestFacts(c),
        action: 'report.unsubscribed',
        target: row.email,
        outcome: 200,
        detail: { subscriptionId: row.id, frequency: row.frequency },
      })
      return c.json({ removed: row.id })
    })
}
