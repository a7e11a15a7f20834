// The sign-in under way between /sso/start and /sso/callback. Its state, nonce and PKCE
// verifier stay on the server, in a row that lives ten minutes and is read once; the
// browser holds only a random id in a short-lived HttpOnly, SameSite=Lax cookie (Lax, so
// the provider's top-level redirect back carries it).
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ConsoleStore } from '../../store'
import type { SsoLoginRow } from '../../store/schema'
import { hashSessionToken, newSessionToken } from '../session-tokens'
import type { LoginChecks } from './oidc-client'

const SSO_LOGIN_TTL_MS = 10 * 60_000

export function ssoLogins(store: ConsoleStore, secure: boolean, now: () => number) {
  const name = secure ? '__Host-vd_sso' : 'vd_sso'
  const options = { path: '/', httpOnly: true, secure, sameSite: 'Lax' as const }
  return {
    async begin(c: Context, checks: LoginChecks, returnTo: string): Promise<void> {
      await store.ssoLogins.deleteExpired(now())
      const token = newSessionToken()
      await store.ssoLogins.insert({
        id_hash: hashSessionToken(token),
        state: checks.state,
        nonce: checks.nonce,
        code_verifier: checks.codeVerifier,
        return_to: returnTo,
        expires_at: now() + SSO_LOGIN_TTL_MS,
      })
      setCookie(c, name, token, { ...options, maxAge: SSO_LOGIN_TTL_MS / 1000 })
    },

    /** The attempt this browser started, once: the row goes and the cookie is cleared. */
    async take(c: Context): Promise<SsoLoginRow | null> {
      const token = getCookie(c, name)
      deleteCookie(c, name, options)
      if (!token) return null
      const row = await store.ssoLogins.take(hashSessionToken(token))
      return row && row.expires_at > now() ? row : null
    },
  }
}
