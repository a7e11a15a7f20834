// The one cookie the browser holds: HttpOnly, SameSite=Lax, and under https Secure
// with the __Host- prefix (no Domain, Path=/), so no sibling host can plant or read it.
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { cookieValue } from './cookie-value'

export interface SessionCookie {
  read(c: Context): string | undefined
  /** The same, from a raw Cookie header (proxy/fast-reads.ts has no Context). */
  readHeader(header: string | undefined): string | undefined
  /** `now` is the clock the session was started with, so Max-Age matches its expiry. */
  write(c: Context, token: string, expiresAt: number, now: number): void
  clear(c: Context): void
}

export function sessionCookie(secure: boolean): SessionCookie {
  const name = secure ? '__Host-vd_session' : 'vd_session'
  const options = { path: '/', httpOnly: true, secure, sameSite: 'Lax' as const }
  return {
    read: (c) => cookieValue(c.req.header('cookie') ?? '', name),
    readHeader: (header) => (header ? cookieValue(header, name) : undefined),
    write: (c, token, expiresAt, now) =>
      setCookie(c, name, token, { ...options, maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)) }),
    clear: (c) => {
      deleteCookie(c, name, options)
    },
  }
}
