// The relying party, through openid-client (v6): a certified, maintained library does the
// protocol (discovery, PKCE, state, nonce, ID token checks) so the console writes none of it.
// Loaded when SSO is first used, not at start: a console without SSO never holds it in memory.
import type * as Oidc from 'openid-client'
import type { ProviderFetch } from './guarded-fetch'
import { LOOPBACK_HOSTS } from './issuer-url'

let library: Promise<typeof Oidc> | null = null
const loadOidc = () => {
  library ??= import('openid-client')
  return library
}

/** What one sign-in attempt must find again at the callback. */
export interface LoginChecks {
  state: string
  nonce: string
  codeVerifier: string
}

export interface SignedInIdentity {
  issuer: string
  subject: string
  claims: Record<string, unknown>
}

/** Why a callback was refused, in the words the audit trail keeps; never shown to the person. */
export class SsoFailure extends Error {
  constructor(
    readonly kind: 'unavailable' | 'cancelled' | 'failed',
    message: string,
  ) {
    super(message)
  }
}

export interface OidcClientOptions {
  issuer: URL
  clientId: string
  clientSecret: string
  redirectUrl: URL
  scopes: string
  /** The console's clock; openid-client is told how far it is from this machine's. */
  now: () => number
  /** For a provider typed on the page: the address guard's fetch (guarded-fetch.ts); node's own otherwise. */
  fetch?: ProviderFetch
}
// Provider text can be long and is not ours: the audit keeps enough to diagnose.
const clip = (text: string) => text.slice(0, 300)

export function createOidcClient(options: OidcClientOptions) {
  let configuration: Promise<Oidc.Configuration> | null = null
  // Discovered on first use and kept (with the provider's keys); a failure is retried next time.
  const discovered = () => {
    configuration ??= loadOidc()
      .then((oidc) =>
        oidc
          .discovery(
            options.issuer,
            options.clientId,
            { [oidc.clockSkew]: Math.round((options.now() - Date.now()) / 1000) },
            oidc.ClientSecretBasic(options.clientSecret),
            // The config only allows http for a provider on this machine (the demo and the tests).
            {
              execute: LOOPBACK_HOSTS.has(options.issuer.hostname) ? [oidc.allowInsecureRequests] : [],
              ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
            },
          )
          .then((config) => {
            if (options.fetch) config[oidc.customFetch] = options.fetch
            // Check the ID token's signature against the provider's keys, though it came straight from its token endpoint.
            oidc.enableNonRepudiationChecks(config)
            return config
          }),
      )
      .catch((error) => {
        configuration = null
        throw new SsoFailure('unavailable', `discovery failed: ${clip(String(error))}`)
      })
    return configuration
  }

  return {
    async startLogin(): Promise<{ url: URL; checks: LoginChecks }> {
      const config = await discovered()
      const oidc = await loadOidc()
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      }
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUrl.href,
        scope: options.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      })
      return { url, checks }
    },

    /** `query` is the callback's query string as it arrived. */
    async finishLogin(query: string, checks: LoginChecks): Promise<SignedInIdentity> {
      const config = await discovered()
      const oidc = await loadOidc()
      const currentUrl = new URL(options.redirectUrl)
      currentUrl.search = query
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        })
        const claims = tokens.claims()
        if (!claims) throw new Error('no ID token')
        return { issuer: claims.iss, subject: claims.sub, claims }
      } catch (error) {
        if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied')
          throw new SsoFailure('cancelled', `provider answered ${error.error}`)
        // openid-client's own message is general; the check that failed is in its cause.
        const { code, message, cause } = error as Error & { code?: string }
        const detail =
          error instanceof oidc.ResponseBodyError
            ? `${error.error} (${error.error_description ?? 'no description'})`
            : cause instanceof Error
              ? cause.message
              : message
        throw new SsoFailure('failed', clip(`${code ? `${code}: ` : ''}${detail}`))
      }
    },
  }
}

export type OidcClient = ReturnType<typeof createOidcClient>
