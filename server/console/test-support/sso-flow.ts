// SSO for the console's tests: the demo OpenID provider (a real oidc-provider) on loopback,
// and what a browser does between the console and it, with a cookie jar for each site.

import { consoleSsoEnv, demoPeople, SSO_DEMO_CLIENT_ID, SSO_DEMO_CLIENT_SECRET } from '../../sso-demo/demo-setup'
import { type DemoPerson, type DemoProviderOptions, startDemoProvider } from '../../sso-demo/provider'
import { loadConsoleConfig } from '../config'
import { PUBLIC_ORIGIN, type TestConsole } from './console-app'

const CALLBACK_URL = `${PUBLIC_ORIGIN}/api/console/sso/callback`

export function startTestProvider(options: Partial<DemoProviderOptions> = {}) {
  const people: DemoPerson[] = options.people ?? demoPeople()
  return startDemoProvider({
    client: { id: SSO_DEMO_CLIENT_ID, secret: SSO_DEMO_CLIENT_SECRET, redirectUris: [CALLBACK_URL] },
    ...options,
    people,
  })
}

/** The console's SSO settings for a provider, through the real config loader (the demo's worked example). */
export function ssoConfigFor(providerUrl: string, env: Record<string, string> = {}) {
  const config = loadConsoleConfig({ ...consoleSsoEnv(providerUrl), ...env })
  if (!config.sso) throw new Error('SSO is not configured')
  return config.sso
}

class CookieJar {
  private readonly cookies = new Map<string, string>()
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()]
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

export interface SsoAttempt {
  email: string
  password?: string
  /** Where the sign-in page sends the person afterwards. */
  redirect?: string
  /** Changes the provider's authorization URL in the browser (a tampered nonce or PKCE challenge). */
  editAuthorizationUrl?: (url: URL) => void
  /** Changes the callback URL on its way back (a tampered state). */
  editCallbackUrl?: (url: URL) => void
  /** Press the provider's Cancel instead of signing in. */
  cancel?: boolean
}

export interface SsoResult {
  /** Where the console sent the browser at the end: the page asked for, or /sign-in?sso_error=… */
  location: string
  /** The console's cookies after the callback (the session's, when it worked). */
  consoleCookie: string
  callbackUrl: URL
}

/** Start, the provider's sign-in form, and the callback, with redirects followed by hand. */
export async function signInWithSso(app: TestConsole, attempt: SsoAttempt): Promise<SsoResult> {
  const consoleJar = new CookieJar()
  const providerJar = new CookieJar()
  const query = attempt.redirect ? `?redirect=${encodeURIComponent(attempt.redirect)}` : ''
  const start = await app.request(`/api/console/sso/start${query}`)
  consoleJar.take(start)
  const authorization = new URL(location(start, 302))
  attempt.editAuthorizationUrl?.(authorization)

  const atProvider = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: providerJar.header() },
    })
    providerJar.take(res)
    return res
  }
  let res = await atProvider(authorization.href)
  const interaction = new URL(location(res), authorization)
  const form = new URLSearchParams({ email: attempt.email, password: attempt.password ?? 'sso-demo-password' })
  res = await atProvider(`${interaction.href}/${attempt.cancel ? 'abort' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  })
  // Follow the provider's own redirects until it sends the browser back to the console.
  let next = new URL(location(res), interaction)
  while (next.origin !== PUBLIC_ORIGIN) {
    res = await atProvider(next.href)
    next = new URL(location(res), next)
  }
  attempt.editCallbackUrl?.(next)
  const callback = await app.request(`${next.pathname}${next.search}`, { cookie: consoleJar.header() })
  consoleJar.take(callback)
  return { location: location(callback, 302), consoleCookie: consoleJar.header(), callbackUrl: next }
}

function location(res: Response, status?: number): string {
  const value = res.headers.get('location')
  if (!value || (status !== undefined && res.status !== status))
    throw new Error(`expected a redirect${status ? ` (${status})` : ''}, got ${res.status} to ${value}`)
  return value
}
