// The page an invited person opens: is the link still good, and set up (choose a password,
// then be signed in). No session is needed; CSRF is checked as on every POST.
import { Hono } from 'hono'
import { INVITE_VALID_HOURS } from '../../../src/api/contract/console-schemas'
import { setUpBody, setUpToken } from '../../../src/api/contract/set-up-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { hashPassword } from '../auth/passwords'
import { sessionBody } from '../auth/routes'
import type { SessionCookie } from '../auth/session-cookie'
import type { SessionService } from '../auth/sessions'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import type { LogVariables } from '../http/request-log'
import type { ConsoleStore } from '../store'
import { hashInviteToken } from './invite-link'

export interface SetUpRouteDeps {
  store: ConsoleStore
  sessions: SessionService
  cookie: SessionCookie
  audit: AuditLog
  now: () => number
}

// One answer for used, expired, replaced and unknown links: the person's next step is the same.
const LINK_GONE = [
  'This set-up link no longer works',
  `A set-up link works once, within ${INVITE_VALID_HOURS} hours, and a newer invite replaces it. Ask an admin for a new link.`,
] as const

const linkBody = jsonBody(setUpToken, (c) => sendProblem(c, 410, ...LINK_GONE))

export function setUpRoutes(deps: SetUpRouteDeps) {
  const { store, now } = deps
  return new Hono<{ Variables: LogVariables }>()
    .post('/check', linkBody, async (c) => {
      const invite = await store.invites.usable(hashInviteToken(c.req.valid('json').token), now())
      if (!invite) return sendProblem(c, 410, ...LINK_GONE)
      return c.json({ email: invite.email, role: invite.role, expiresAt: new Date(invite.expires_at).toISOString() })
    })
    .post('/', jsonBody(setUpBody, 'Open the link you were given and choose a password.'), async (c) => {
      const { token, password } = c.req.valid('json')
      const tokenHash = hashInviteToken(token)
      // Checked before hashing, so only the holder of a live link can make the console run argon2.
      if (!(await store.invites.usable(tokenHash, now()))) return sendProblem(c, 410, ...LINK_GONE)
      // Hashed outside the transaction (argon2 takes a while); taking the link up checks it again, atomically.
      const taken = await store.invites.takeUp(tokenHash, await hashPassword(password), now())
      if ('refused' in taken) {
        if (taken.refused === 'has-account') {
          return sendProblem(
            c,
            409,
            'This person already has an account',
            'An account with this email exists already. Sign in with it, or ask an admin to reset it.',
          )
        }
        return sendProblem(c, 410, ...LINK_GONE)
      }
      const { user } = taken
      const started = await deps.sessions.start(user.id, deps.cookie.read(c))
      deps.cookie.write(c, started.token, started.expiresAt, now())
      await store.users.recordSignIn(user.id, now())
      c.set('userId', user.id)
      const session = { userId: user.id, email: user.email, role: user.role, timeZone: user.time_zone }
      await deps.audit.record({
        actor: actorOf(session),
        action: 'user.set-up',
        target: user.email,
        outcome: 200,
        ...requestFacts(c),
        detail: { role: user.role },
      })
      return c.json(sessionBody(session))
    })
}
