// The Users page's API, for admins (users:manage): the list, invites, role changes,
// deactivation and ending sessions. Mounted at CONSOLE_PREFIX/users.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Role } from '../../../src/api/contract/console-schemas'
import { INVITE_VALID_MS } from '../../../src/api/contract/console-schemas'
import { inviteBody, inviteResendBody, roleChangeBody } from '../../../src/api/contract/user-change-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import type { SessionEnv } from '../auth/require-session'
import type { Mailer } from '../email/mailer'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import type { ConsoleStore } from '../store'
import type { UserRow } from '../store/schema'
import { normalizeEmail } from '../store/users'
import { inviteEmail } from './invite-email'
import { newInviteLink } from './invite-link'
import type { ChangedBy, ChangeResult, UserAdmin } from './user-admin'
import { listUsers, userItemOf } from './user-list'

export interface UserRouteDeps {
  store: ConsoleStore
  admin: UserAdmin
  audit: AuditLog
  /** Signed in, with users:manage. */
  guard: MiddlewareHandler<SessionEnv>[]
  publicUrl: URL
  /** The session policy's idle time: a session idle longer is not counted as active. */
  idleMs: number
  /** Null without CONSOLE_SMTP_URL: invites are handed over by the admin only. */
  mailer?: Mailer | null
  now: () => number
}

/** The routes under /:id/ find their person first, so every handler has one. */
type UsersEnv = { Variables: SessionEnv['Variables'] & { person: UserRow } }

const byAdmin = (c: Context<UsersEnv>): ChangedBy => ({ actor: actorOf(c.get('session')), ...requestFacts(c) })

const notFound = (c: Context) =>
  sendProblem(c, 404, 'No such user', 'There is no user with this id. Reload the list: it may be out of date.')

export function userRoutes(deps: UserRouteDeps) {
  const { store, admin, now } = deps
  const mailer = deps.mailer ?? null

  const noSmtp = (c: Context) =>
    sendProblem(
      c,
      400,
      'Email is not configured',
      'The console cannot send email: an admin sets CONSOLE_SMTP_URL and CONSOLE_ALERT_EMAIL_FROM and restarts it. Hand the link over yourself meanwhile.',
      { errors: [{ field: 'sendEmail', message: 'Email is not configured (CONSOLE_SMTP_URL).' }] },
    )

  /** A new link for the email (an earlier one stops working), emailed when asked; answered once, with the link. */
  const issueInvite = async (
    c: Context<UsersEnv>,
    email: string,
    role: Role,
    how: { sendEmail: boolean; resent: boolean },
  ) => {
    const at = now()
    const expiresAt = at + INVITE_VALID_MS
    const { link, tokenHash } = newInviteLink(deps.publicUrl)
    const session = c.get('session')
    const { replaced } = await store.invites.replace({
      email,
      role,
      tokenHash,
      invitedBy: session.userId,
      now: at,
      expiresAt,
    })
    const mailed = how.sendEmail && mailer ? await mailer.send(inviteEmail({ email, role, link, expiresAt })) : null
    const emailError = mailed && !mailed.sent ? `The email could not be sent: ${mailed.error}` : null
    await deps.audit.record({
      ...byAdmin(c),
      action: how.resent ? 'user.invite-resent' : 'user.invited',
      target: email,
      outcome: 201,
      detail: {
        role,
        expiresAt: new Date(expiresAt).toISOString(),
        replaced,
        emailed: mailed?.sent ?? false,
        ...(mailed && { smtpStatus: mailed.code }),
      },
    })
    return c.json(
      {
        email,
        role,
        link,
        expiresAt: new Date(expiresAt).toISOString(),
        replaced,
        emailed: mailed?.sent ?? false,
        emailError,
      },
      201,
    )
  }

  /** The row as it is now, or the refusal in words the admin can act on. */
  const answer = async (c: Context<UsersEnv>, result: ChangeResult) => {
    const { id, email } = c.get('person')
    if (result.status === 200) {
      const user = await userItemOf(store, id, now(), deps.idleMs)
      return c.json({ user, sessionsEnded: result.sessionsEnded })
    }
    if (result.refusal === 'self') {
      return sendProblem(c, 409, 'You cannot deactivate yourself', 'Ask another admin to deactivate your account.')
    }
    if (result.refusal === 'last-admin') {
      return sendProblem(
        c,
        409,
        'The last active admin stays',
        `${email} is the only active admin. Make someone else an admin first, so the console keeps a person who can manage users.`,
      )
    }
    return notFound(c)
  }

  return new Hono<UsersEnv>()
    .use(...deps.guard)
    .use('/:id/:change', async (c, next) => {
      // /invites/resend has the same shape and names no person.
      if (c.req.path.endsWith('/invites/resend')) return next()
      const person = await store.users.byId(c.req.param('id') ?? '')
      if (!person) return notFound(c)
      c.set('person', person)
      await next()
    })
    .get('/', async (c) =>
      c.json({ users: await listUsers(store, now(), deps.idleMs), emailConfigured: mailer !== null }),
    )
    .post('/invites', jsonBody(inviteBody, 'Enter an email address and choose a role.'), async (c) => {
      const { role, sendEmail = false, ...body } = c.req.valid('json')
      const email = normalizeEmail(body.email)
      if (await store.users.byEmail(email)) {
        return sendProblem(
          c,
          409,
          'This person already has an account',
          `${email} can already sign in, or is deactivated. Change their role or reactivate them in the list instead.`,
          { errors: [{ field: 'email', message: 'This email already has an account.' }] },
        )
      }
      if (sendEmail && !mailer) return noSmtp(c)
      return issueInvite(c, email, role, { sendEmail, resent: false })
    })
    .post('/invites/resend', jsonBody(inviteResendBody, 'Name the email of the invite to send again.'), async (c) => {
      if (!mailer) return noSmtp(c)
      const email = normalizeEmail(c.req.valid('json').email)
      const pending = (await store.invites.pending()).find((invite) => invite.email === email)
      if (!pending)
        return sendProblem(
          c,
          404,
          'No pending invite',
          `There is no invite of ${email} waiting to be taken up. Invite them instead.`,
          { errors: [{ field: 'email', message: 'No pending invite for this email.' }] },
        )
      return issueInvite(c, email, pending.role, { sendEmail: true, resent: true })
    })
    .put('/:id/role', jsonBody(roleChangeBody, 'Choose a role: support, manager or admin.'), async (c) => {
      return answer(c, await admin.changeRole(c.get('person'), c.req.valid('json').role, byAdmin(c)))
    })
    .post('/:id/deactivate', async (c) => {
      return answer(c, await admin.deactivate(c.get('person'), byAdmin(c)))
    })
    .post('/:id/reactivate', async (c) => {
      return answer(c, await admin.reactivate(c.get('person'), byAdmin(c)))
    })
    .post('/:id/end-sessions', async (c) => {
      return answer(c, await admin.endSessions(c.get('person'), byAdmin(c)))
    })
}
