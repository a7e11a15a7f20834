// The console's own API: who is signed in, sign-in and sign-out, and what the
// sign-in page needs to know. Mounted at CONSOLE_PREFIX.
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { SessionResponse, SetupResponse } from '../../../src/api/contract/console-schemas'
import { signInBody } from '../../../src/api/contract/sign-in-schemas'
import type { AuditLog } from '../audit/audit-log'
import { actorOf, requestFacts } from '../audit/request-facts'
import { clientAddress } from '../http/client-address'
import { jsonBody } from '../http/json-body'
import { sendProblem } from '../http/problem'
import { ROLE_PERMISSIONS } from '../roles'
import type { ConsoleStore } from '../store'
import type { UserRow } from '../store/schema'
import type { DeviceCookies } from './device-cookie'
import { hasPassword, verifyAgainstNothing, verifyPassword } from './passwords'
import type { SessionEnv } from './require-session'
import type { SessionCookie } from './session-cookie'
import type { ActiveSession, SessionService } from './sessions'
import type { Attempt, SignInThrottle } from './sign-in-throttle'
import { auditThrottleStarts, sendThrottled } from './throttle-answers'

export interface AuthRouteDeps {
  store: ConsoleStore
  sessions: SessionService
  throttle: SignInThrottle
  cookie: SessionCookie
  devices: DeviceCookies
  demoUsers: SetupResponse['demoUsers']
  /** False: SSO is the only way in, and POST /sign-in says so. */
  localSignIn: boolean
  /** The provider's name on the sign-in page, when SSO is on (the environment's, or the page's). */
  ssoName: () => Promise<string | null>
  audit: AuditLog
  now: () => number
}

/** What the SPA learns about the person signed in: who, what they may do, their settings. */
export const sessionBody = (
  session: Pick<ActiveSession, 'userId' | 'email' | 'role' | 'timeZone'>,
): SessionResponse => ({
  user: { id: session.userId, email: session.email, role: session.role },
  permissions: [...ROLE_PERMISSIONS[session.role]],
  preferences: { timeZone: session.timeZone },
})

const sessionOfUser = (user: UserRow) => ({
  userId: user.id,
  email: user.email,
  role: user.role,
  timeZone: user.time_zone,
})

export function authRoutes(deps: AuthRouteDeps) {
  const { store, sessions, throttle, cookie, devices, audit, now } = deps
  /** The password checked, the outcome counted and audited, the session started: once admitted by the throttle. */
  const checkPassword = async (
    c: Context<SessionEnv>,
    user: UserRow | undefined,
    password: string,
    attempt: Attempt,
  ) => {
    const valid =
      user && user.active === 1 && hasPassword(user.password_hash)
        ? await verifyPassword(user.password_hash, password)
        : await verifyAgainstNothing(password)
    if (!user || !valid) {
      const { email } = attempt
      const started = await throttle.recordFailure(attempt)
      // The reason stays here: the person is told only that the pair does not match.
      const reason = !user
        ? 'no such account'
        : user.active !== 1
          ? 'account deactivated'
          : !hasPassword(user.password_hash)
            ? 'SSO-only account'
            : 'wrong password'
      // Asked first: the entries record the status this attempt is answered with (429 once it locks), not 401.
      const nowRefused = await throttle.refusal(attempt)
      const sent = nowRefused ? 429 : 401
      await audit.record({
        actor: null,
        action: 'sign-in.failed',
        target: email,
        outcome: sent,
        ...requestFacts(c),
        detail: { reason, ...(attempt.device ? { knownBrowser: true } : {}) },
      })
      await auditThrottleStarts(audit, c, email, started, sent)
      if (nowRefused) return sendThrottled(c, nowRefused, now())
      return sendProblem(c, 401, 'Sign-in failed', 'That email and password do not match an active account.')
    }
    await throttle.recordSuccess(attempt)
    const { token, expiresAt } = await sessions.start(user.id, cookie.read(c))
    cookie.write(c, token, expiresAt, now())
    await devices.issue(c, user.id)
    await store.users.recordSignIn(user.id, now())
    c.set('userId', user.id)
    const session = sessionOfUser(user)
    await audit.record({
      actor: actorOf(session),
      action: 'sign-in.succeeded',
      target: user.email,
      outcome: 200,
      ...requestFacts(c),
      detail: { method: 'password' },
    })
    return c.json(sessionBody(session))
  }

  // Ahead of the body: with password sign-in off, whatever was sent gets the same answer.
  const localSignInOn: MiddlewareHandler = async (c, next) => {
    if (deps.localSignIn) return next()
    return sendProblem(
      c,
      403,
      'Password sign-in is turned off',
      `This console signs people in with ${(await deps.ssoName()) ?? 'SSO'} only. Use the button on the sign-in page.`,
    )
  }

  return (
    new Hono<SessionEnv>()
      .get('/setup', async (c) => {
        const ssoName = await deps.ssoName()
        const body: SetupResponse = {
          hasUsers: (await store.users.count()) > 0,
          demoUsers: deps.localSignIn ? deps.demoUsers : [],
          localSignIn: deps.localSignIn,
          sso: ssoName ? { name: ssoName } : null,
        }
        return c.json(body)
      })
      .post('/sign-in', localSignInOn, jsonBody(signInBody, 'Enter your email address and password.'), async (c) => {
        const { email, password } = c.req.valid('json')
        const user = await store.users.byEmail(email)
        // A browser that signed in to this account before, unless it has used up its own failures.
        const nonce = user ? await devices.nonceFor(c, user.id) : null
        const attempt = {
          email,
          ip: clientAddress(c),
          device: nonce && !(await throttle.deviceLocked(nonce)) ? nonce : null,
        }
        const admitted = await throttle.admit(attempt)
        if ('refused' in admitted) return sendThrottled(c, admitted.refused, now())
        try {
          return await checkPassword(c, user, password, attempt)
        } finally {
          await admitted.done()
        }
      })
      .post('/sign-out', async (c) => {
        const session = await sessions.resolve(cookie.read(c))
        if (session) {
          await audit.record({
            actor: actorOf(session),
            action: 'sign-out',
            target: session.email,
            outcome: 204,
            ...requestFacts(c),
          })
        }
        await sessions.end(cookie.read(c))
        cookie.clear(c)
        return c.body(null, 204)
      })
      // 200 when signed out too: the answer is "nobody", and the page load logs no failed request.
      .get('/session', async (c) => {
        const session = await sessions.resolve(cookie.read(c))
        if (!session) return c.json({ user: null, permissions: [] })
        c.set('userId', session.userId)
        return c.json(sessionBody(session))
      })
  )
}
