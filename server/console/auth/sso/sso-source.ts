// Which OpenID provider signs people in now: the environment's (CONSOLE_OIDC_*), which always wins, or the one an
// admin set from the page (store/sso-settings.ts), when it is on. Several instances read the same row: each keeps
// what it read for a couple of seconds, and a sign-in's start always reads the row's version again, so a change made
// on one instance applies on the others at the next sign-in.
import { SSO_CALLBACK_PATH, type SsoConfig } from '../../config'
import type { Logger } from '../../http/request-log'
import type { ConsoleStore } from '../../store'
import type { SsoSettingsRow } from '../../store/schema'
import { guardedFetch } from './guarded-fetch'
import { createOidcClient, type OidcClient } from './oidc-client'
import { openSecret } from './sealed-secret'
import { pageSsoPolicy } from './sso-settings-values'

/** The scopes asked of a page-set provider: the environment's default. */
const PAGE_SCOPES = 'openid email profile'
/** How long an instance trusts what it read of the row without asking its version again. */
const CACHE_MS = 2_000

export interface ActiveSso {
  source: 'environment' | 'page'
  config: SsoConfig
  client: OidcClient
  redirectUrl: URL
}

export interface SsoSourceOptions {
  /** CONSOLE_OIDC_*: null when the environment sets no provider. */
  env: SsoConfig | null
  store: ConsoleStore
  publicUrl: URL
  /** CONSOLE_OIDC_ALLOW_PRIVATE: a page-set provider on a private address (the env's is the operator's own word). */
  allowPrivate: boolean
  logger: Logger
  now: () => number
}

export function createSsoSource(options: SsoSourceOptions) {
  const defaultRedirect = new URL(SSO_CALLBACK_PATH, options.publicUrl)
  const fetchGuarded = guardedFetch(options.allowPrivate)
  const fromEnv: ActiveSso | null = options.env && {
    source: 'environment',
    config: options.env,
    redirectUrl: options.env.redirectUrl ?? defaultRedirect,
    client: createOidcClient({
      ...options.env,
      redirectUrl: options.env.redirectUrl ?? defaultRedirect,
      now: options.now,
    }),
  }
  // Monotonic, not the console's clock: a test's fixed clock must not keep a stale setting forever.
  let cached: { version: number; readAt: number; active: ActiveSso | null } | null = null

  const fromRow = async (row: SsoSettingsRow): Promise<ActiveSso | null> => {
    if (!row.enabled || !row.client_secret_sealed) return null
    try {
      const config: SsoConfig = {
        ...pageSsoPolicy(row),
        issuer: new URL(row.issuer),
        clientId: row.client_id,
        clientSecret: await openSecret(options.store, row.client_secret_sealed),
        redirectUrl: null,
        providerName: row.provider_name,
        scopes: PAGE_SCOPES,
      }
      const client = createOidcClient({
        ...config,
        redirectUrl: defaultRedirect,
        now: options.now,
        fetch: fetchGuarded,
      })
      return { source: 'page', config, client, redirectUrl: defaultRedirect }
    } catch (error) {
      options.logger.error({ msg: 'the single sign-on set from the page cannot be used', error: String(error) })
      return null
    }
  }

  return {
    /** True when CONSOLE_OIDC_* set the provider: the page only shows it. */
    fromEnvironment: fromEnv !== null,
    /** The provider now, or null: none set, or the page's is off. `fresh`: ask the store whatever the cache says. */
    async current(fresh = false): Promise<ActiveSso | null> {
      if (fromEnv) return fromEnv
      if (!fresh && cached && performance.now() - cached.readAt < CACHE_MS) return cached.active
      const version = await options.store.ssoSettings.version()
      if (cached?.version === version) {
        cached.readAt = performance.now()
        return cached.active
      }
      const row = await options.store.ssoSettings.read()
      const active = row ? await fromRow(row) : null
      cached = { version: row ? Number(row.version) : 0, readAt: performance.now(), active }
      return active
    },
  }
}

export type SsoSource = ReturnType<typeof createSsoSource>
