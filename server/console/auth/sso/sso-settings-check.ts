// The Test button: what the console can learn about a provider without a person signing in, in four steps, each
// said in plain words. Nothing is saved. 1 address: the URL's shape and where its name points (the address guard);
// 2 discovery: the issuer's /.well-known/openid-configuration, naming itself and its endpoints; 3 keys: its JWKS,
// with at least one key to check ID tokens against; 4 client: a client-credentials token request with the client id
// and secret, which a provider answers `invalid_client` when they are wrong (and some only with "not for this
// client", which says nothing of the secret: then the first sign-in is the test).
import type { SsoTestAnswer } from '../../../../src/api/contract/sso-settings-schemas'
import { refusedHost } from '../../http/private-address'
import type { ProviderFetch } from './guarded-fetch'
import { checkIssuerUrl } from './issuer-url'

type Step = SsoTestAnswer['steps'][number]

export interface SsoTestRequest {
  issuer: string
  clientId: string
  clientSecret: string | null
  allowPrivate: boolean
  fetch: ProviderFetch
}

const skipped = (step: Step['step'], message: string): Step => ({ step, outcome: 'skipped', message })

const ERROR_WORDS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there (connection refused)',
  ENOTFOUND: 'its name could not be resolved',
  EAI_AGAIN: 'its name could not be resolved (DNS did not answer)',
  ECONNRESET: 'it closed the connection',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'it did not answer in time',
  UND_ERR_HEADERS_TIMEOUT: 'it did not answer in time',
}

/** A failed fetch in words: the guard's refusal, a network error, or TLS. */
function unreachable(error: unknown): string {
  const cause = (error as { cause?: NodeJS.ErrnoException }).cause ?? (error as NodeJS.ErrnoException)
  if (cause?.code === 'EREFUSEDADDRESS') return `refused by the console’s address guard: ${cause.message}`
  if (cause?.code && ERROR_WORDS[cause.code]) return ERROR_WORDS[cause.code] as string
  if ((error as Error).name === 'TimeoutError') return 'it did not answer within 10 seconds'
  if (/certificate|tls|ssl/i.test(String(cause?.message))) return `TLS failed (${cause?.message})`
  return cause?.message || 'the request failed'
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export async function testSsoProvider(request: SsoTestRequest): Promise<SsoTestAnswer> {
  const steps: Step[] = []
  const answer = () => ({ ok: steps.every((step) => step.outcome !== 'failed'), steps })
  const rest = (after: number, why: string) => {
    const names = ['address', 'discovery', 'keys', 'client'] as const
    for (const step of names.slice(after)) steps.push(skipped(step, why))
    return answer()
  }

  // 1. The address.
  const issuer = checkIssuerUrl(request.issuer)
  if (!issuer.ok) {
    steps.push({ step: 'address', outcome: 'failed', message: issuer.message })
    return rest(1, 'Not tried: the issuer URL is not usable.')
  }
  if (!request.allowPrivate) {
    let refused: string | null
    try {
      refused = await refusedHost(issuer.url.hostname)
    } catch {
      steps.push({
        step: 'address',
        outcome: 'failed',
        message: `The name ${issuer.url.hostname} could not be resolved. Check the issuer URL.`,
      })
      return rest(1, 'Not tried: the issuer could not be reached.')
    }
    if (refused) {
      steps.push({
        step: 'address',
        outcome: 'failed',
        message: `Refused: ${refused}. Use the provider’s public address, or set CONSOLE_OIDC_ALLOW_PRIVATE=on for a provider on your own network.`,
      })
      return rest(1, 'Not tried: the issuer’s address is refused.')
    }
  }
  steps.push({ step: 'address', outcome: 'passed', message: `${issuer.url.host} may be reached.` })

  // 2. Discovery (OpenID Connect Discovery 1.0, section 4: the path is appended to the issuer's).
  const issuerText = issuer.url.href.replace(/\/$/, '')
  const discoveryUrl = `${issuerText}/.well-known/openid-configuration`
  let document: Record<string, unknown>
  try {
    const response = await request.fetch(discoveryUrl, { headers: { accept: 'application/json' } })
    const body = await readJson(response)
    if (response.status !== 200 || !isRecord(body)) {
      steps.push({
        step: 'discovery',
        outcome: 'failed',
        message: `Not an OpenID issuer: ${discoveryUrl} answered ${response.status === 200 ? 'something that is not a discovery document' : `HTTP ${response.status}`}. Check the issuer URL (it is the provider’s, often ending in a realm or tenant).`,
      })
      return rest(2, 'Not tried: no discovery document.')
    }
    document = body
  } catch (error) {
    steps.push({ step: 'discovery', outcome: 'failed', message: `Unreachable: ${unreachable(error)}.` })
    return rest(2, 'Not tried: the issuer could not be reached.')
  }
  const named = typeof document.issuer === 'string' ? document.issuer.replace(/\/$/, '') : null
  const missing = ['authorization_endpoint', 'token_endpoint', 'jwks_uri'].filter(
    (field) => typeof document[field] !== 'string',
  )
  if (named !== issuerText) {
    steps.push({
      step: 'discovery',
      outcome: 'failed',
      message: named
        ? `The discovery document names another issuer (${named}): enter that URL exactly.`
        : 'The discovery document names no issuer: this is not an OpenID issuer.',
    })
    return rest(2, 'Not tried: the discovery document does not match.')
  }
  if (missing.length > 0) {
    steps.push({
      step: 'discovery',
      outcome: 'failed',
      message: `The discovery document lacks ${missing.join(', ')}: the console cannot sign people in with this provider.`,
    })
    return rest(2, 'Not tried: the discovery document is incomplete.')
  }
  steps.push({ step: 'discovery', outcome: 'passed', message: `${named} publishes its OpenID configuration.` })

  // 3. The keys that sign ID tokens.
  try {
    const response = await request.fetch(String(document.jwks_uri), { headers: { accept: 'application/json' } })
    const body = await readJson(response)
    const keys = isRecord(body) && Array.isArray(body.keys) ? body.keys.length : 0
    steps.push(
      keys > 0
        ? { step: 'keys', outcome: 'passed', message: `Its signing keys were read (${keys}).` }
        : {
            step: 'keys',
            outcome: 'failed',
            message: `Its key set (${String(document.jwks_uri)}) answered HTTP ${response.status} with no keys: ID tokens could not be checked.`,
          },
    )
  } catch (error) {
    steps.push({ step: 'keys', outcome: 'failed', message: `Its key set could not be read: ${unreachable(error)}.` })
  }

  // 4. The client id and secret.
  if (!request.clientId || !request.clientSecret) {
    steps.push(skipped('client', 'Not tried: enter the client id and secret to check them.'))
    return answer()
  }
  steps.push(await tryClient(request, String(document.token_endpoint)))
  return answer()
}

const form = (value: string) => encodeURIComponent(value).replace(/%20/g, '+')

async function tryClient(request: SsoTestRequest, tokenEndpoint: string): Promise<Step> {
  // client_secret_basic, each part form-encoded first (RFC 6749, 2.3.1).
  const basic = Buffer.from(`${form(request.clientId)}:${form(request.clientSecret ?? '')}`).toString('base64')
  let response: Response
  try {
    response = await request.fetch(tokenEndpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
  } catch (error) {
    return {
      step: 'client',
      outcome: 'failed',
      message: `Its token endpoint could not be reached: ${unreachable(error)}.`,
    }
  }
  const body = await readJson(response)
  const error = isRecord(body) && typeof body.error === 'string' ? body.error : null
  if (response.ok)
    return { step: 'client', outcome: 'passed', message: 'The provider accepted the client id and secret.' }
  if (error === 'invalid_client' || response.status === 401)
    return {
      step: 'client',
      outcome: 'failed',
      message:
        'The provider refused the client id and secret (invalid_client): check both, and that the client is confidential.',
    }
  // RFC 6749: unauthorized_client is said of an authenticated client not allowed this grant.
  if (error === 'unauthorized_client')
    return {
      step: 'client',
      outcome: 'passed',
      message:
        'The provider accepted the client id and secret (it does not let this client sign in without a person, which the console never asks).',
    }
  return {
    step: 'client',
    outcome: 'unknown',
    message: `The provider did not refuse the client id and secret, nor confirm them (${error ?? `HTTP ${response.status}`}): some providers check the secret only at a person’s sign-in. Sign in once after turning SSO on.`,
  }
}
