// A real OpenID provider (oidc-provider, certified) on loopback, with a few demo people:
// for `npm run sso-demo`, the console's tests and the Playwright journey. Never for production.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { KoaContext, default as ProviderType } from 'oidc-provider'
import { interactionPage } from './interaction-page'

export interface DemoPerson {
  email: string
  password: string
  name: string
  /** The claim the console maps to roles. */
  groups: string[]
  emailVerified?: boolean
}

export interface DemoProviderOptions {
  /** 0: any free port. */
  port?: number
  client: { id: string; secret: string; redirectUris: string[] }
  /** Read at each sign-in, so a test can move someone to another group between two of them. */
  people: DemoPerson[]
  /** The issuer it signs as; by default its own address. */
  issuer?: string
  /** A misconfigured provider: its discovery document names this issuer instead of its own. */
  advertisedIssuer?: string
  /** The signing key's id; two providers with one id and different keys make a bad signature. */
  keyId?: string
}

export interface DemoProvider {
  url: string
  issuer: string
  close(): Promise<void>
}

/** The person's stable id at this provider: the same at every sign-in, never their email. */
export const subjectOf = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 20)

// oidc-provider warns that it prefers Node 22 (it works on 20, which we support) and that its
// store is in memory (what a demo wants). Those two are not news; any other warning still shows.
const EXPECTED_WARNINGS = /Unsupported runtime|in-memory adapter/
async function withoutExpectedWarnings<T>(work: () => T | Promise<T>): Promise<T> {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!EXPECTED_WARNINGS.test(String(args[0]))) warn(...args)
  }
  try {
    return await work()
  } finally {
    console.warn = warn
  }
}

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  let body = ''
  for await (const chunk of req) body += chunk
  return new URLSearchParams(body)
}

export async function startDemoProvider(options: DemoProviderOptions): Promise<DemoProvider> {
  const { default: Provider, interactionPolicy } = await withoutExpectedWarnings(() => import('oidc-provider'))
  // A demo is for trying each person: it asks who you are at every sign-in, session or not.
  const policy = interactionPolicy.base()
  policy
    .get('login')
    .checks.add(
      new interactionPolicy.Check('demo_every_time', 'the demo asks at every sign-in', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    )
  let provider: ProviderType | null = null
  const server: Server = createServer((req, res) => {
    // No kept-alive sockets: a test that restarts the provider on the same port meets no stale one.
    res.setHeader('Connection', 'close')
    if (!provider) return res.writeHead(503).end()
    const interaction = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(req.url?.split('?')[0] ?? '')
    if (interaction) return void handleInteraction(provider, req, res, interaction[2] ?? '', options.people)
    provider.callback()(req, res)
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const issuer = options.issuer ?? url

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: options.keyId ?? 'demo', alg: 'RS256', use: 'sig' }
  provider = await withoutExpectedWarnings(
    () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: options.client.id,
            client_secret: options.client.secret,
            redirect_uris: options.client.redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        jwks: { keys: [signingKey] },
        cookies: { keys: [randomBytes(32).toString('hex')] },
        pkce: { required: () => true },
        // Seconds. Named, so the provider does not print a notice for each default it falls back to.
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 3600 },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
        // The console reads email and groups from the ID token, as Okta, Entra and Keycloak can send them.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: false } },
        interactions: {
          policy,
          url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
        },
        findAccount: (_ctx: unknown, sub: string) => {
          const person = options.people.find((candidate) => subjectOf(candidate.email) === sub)
          if (!person) return undefined
          return {
            accountId: sub,
            claims: () => ({
              sub,
              email: person.email,
              email_verified: person.emailVerified ?? true,
              name: person.name,
              groups: person.groups,
            }),
          }
        },
        // The console is first-party here: no consent screen.
        loadExistingGrant: async (ctx: KoaContext) => {
          const grant = new ctx.oidc.provider.Grant({
            clientId: ctx.oidc.client.clientId,
            accountId: ctx.oidc.session.accountId,
          })
          grant.addOIDCScope('openid email profile')
          await grant.save()
          return grant
        },
      }),
  )
  const advertised = options.advertisedIssuer
  if (advertised)
    provider.use(async (ctx, next) => {
      await next()
      if (ctx.path === '/.well-known/openid-configuration') (ctx.body as { issuer: string }).issuer = advertised
    })
  provider.on('server_error', (_ctx, error) => console.error('demo provider error:', error))

  return {
    url,
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function handleInteraction(
  provider: ProviderType,
  req: IncomingMessage,
  res: ServerResponse,
  action: string,
  people: DemoPerson[],
) {
  try {
    const details = await provider.interactionDetails(req, res)
    if (req.method === 'GET' && action === '') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return void res.end(interactionPage(details.uid, people))
    }
    if (req.method !== 'POST') return void res.writeHead(405).end()
    if (action === '/abort')
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'cancelled' })
    const form = await readForm(req)
    const person = people.find((candidate) => candidate.email === form.get('email')?.trim().toLowerCase())
    if (!person || person.password !== form.get('password')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return void res.end(interactionPage(details.uid, people, 'That email and password do not match a demo person.'))
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: subjectOf(person.email) } },
      { mergeWithLastSubmission: false },
    )
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
    res.end(`This sign-in cannot go on (${(error as Error).name}). Start again from the console.`)
  }
}
