// Sign-in with SSO: /sso/start sends the browser to the provider, /sso/callback comes back
// with a code. Both are top-level GETs, so the CSRF check (writes only) does not apply: state,
// nonce and PKCE bind the callback to the browser that started it. Any failure lands on the
// sign-in page with one general sentence; the reason goes to the audit trail.
import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import { ssoRefusalOf } from '../../../../src/api/contract/audit-schemas'
import type { SsoError } from '../../../../src/api/contract/console-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import { queryString } from '../../http/query-string'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import type { SessionEnv } from '../require-session'
import type { SessionCookie } from '../session-cookie'
import type { SessionService } from '../sessions'
import { type OidcClient, SsoFailure } from './oidc-client'
import { ssoAccount } from './sso-account'
import { ssoLogins } from './sso-login-cookie'
import { decideSsoAccess } from './sso-policy'
import type { SsoSource } from './sso-source'
import { ssoStartLimit } from './sso-start-limit'

export interface SsoRouteDeps {
  store: ConsoleStore
  sessions: SessionService
  cookie: SessionCookie
  audit: AuditLog
  logger: Logger
  /** The provider now (the environment's, or the page's when on); null: SSO is off. */
  source: SsoSource
  /** The callback the provider knows (the environment's CONSOLE_OIDC_REDIRECT_URL, or the console's own): its
   * origin is where the login cookie must live. */
  redirectUrl: URL
  now: () => number
}

/** A path on this console, or the calls list: never another site (an open redirect). */
function returnPath(value: string | undefined, origin: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/calls'
  const url = new URL(value, origin)
  return url.origin === origin && url.pathname !== '/sign-in' ? `${url.pathname}${url.search}` : '/calls'
}

// Where to go once signed in: any text, made safe by returnPath (an unsafe one goes to /calls, never a refusal).
const startQuery = queryString(z.object({ redirect: z.optional(z.string()) }), 'Check the page to return to.')

// Named in words and as its code: the code list (audit-schemas.ts) reads no new reason, so no page carries one more.
const SSO_OFF = { reason: 'single sign-on is off', refused: 'provider-unavailable' } as const

export function ssoRoutes(deps: SsoRouteDeps) {
  const { store, sessions, cookie, audit, source, now } = deps
  const origin = deps.redirectUrl.origin
  const logins = ssoLogins(store, deps.redirectUrl.protocol === 'https:', now)
  const startLimit = ssoStartLimit(store, now)

  // The outcome is the redirect's 302; `refused` says what happened to the person, for the Audit log to show.
  const refuse = async (
    c: Context,
    kind: SsoError,
    detail: { reason: string } & Record<string, unknown>,
    target: string | null = null,
  ) => {
    await audit.record({
      actor: null,
      action: 'sso.refused',
      target,
      outcome: 302,
      ...requestFacts(c),
      detail: { refused: ssoRefusalOf(detail.reason), ...detail },
    })
    return c.redirect(`/sign-in?sso_error=${kind}`, 302)
  }

  return new Hono<SessionEnv>()
    .get('/start', startQuery, async (c) => {
      // Start on the callback's host, or the login cookie would be set where the callback never looks.
      if (new URL(c.req.url).origin !== origin) return c.redirect(`${origin}${c.req.path}${new URL(c.req.url).search}`)
      // Read again at every start: an admin may have turned it off (or on) on another instance a moment ago.
      const active = await source.current(true)
      if (!active) return refuse(c, 'unavailable', SSO_OFF)
      const refused = await startLimit(c)
      if (refused) return refused
      try {
        const { url, checks } = await active.client.startLogin()
        await logins.begin(c, checks, returnPath(c.req.valid('query').redirect, origin))
        return c.redirect(url.href, 302)
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error
        deps.logger.error({ msg: 'SSO provider unreachable', error: error.message })
        return refuse(c, 'unavailable', { reason: error.message })
      }
    })
    .get('/callback', async (c) => {
      const login = await logins.take(c)
      if (!login) return refuse(c, 'expired', { reason: 'no sign-in under way in this browser, or it expired' })
      const active = await source.current()
      if (!active) return refuse(c, 'unavailable', SSO_OFF)
      let identity: Awaited<ReturnType<OidcClient['finishLogin']>>
      try {
        const query = new URL(c.req.url).search
        identity = await active.client.finishLogin(query, {
          state: login.state,
          nonce: login.nonce,
          codeVerifier: login.code_verifier,
        })
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error
        return refuse(c, error.kind, { reason: error.message })
      }
      const { issuer, subject } = identity
      const decision = decideSsoAccess(identity.claims, active.config)
      const email = typeof identity.claims.email === 'string' ? identity.claims.email : null
      if (!decision.allowed) return refuse(c, 'refused', { reason: decision.reason, issuer, subject }, email)
      const account = await ssoAccount(store, { issuer, subject }, decision, now())
      if ('refused' in account) return refuse(c, 'refused', { reason: account.refused, issuer, subject }, email)

      const { user } = account
      const { token, expiresAt } = await sessions.start(user.id, cookie.read(c))
      cookie.write(c, token, expiresAt, now())
      await store.users.recordSignIn(user.id, now())
      c.set('userId', user.id)
      await audit.record({
        actor: actorOf({ userId: user.id, email: user.email, role: user.role }),
        action: 'sso.signed-in',
        target: user.email,
        outcome: 302,
        ...requestFacts(c),
        detail: { issuer, subject, created: account.created, previousRole: account.previousRole },
      })
      return c.redirect(login.return_to, 302)
    })
}
