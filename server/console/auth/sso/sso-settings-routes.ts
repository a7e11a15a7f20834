// /api/console/sso-settings (admins: `users:manage`, who decides who signs in): the OpenID provider set from the page, its test, and turning it on
// or off. The environment's CONSOLE_OIDC_* win: then the page shows them and a change is refused (409). The client
// secret is written once and never answered, logged or audited: the answer says "set" or "not set".
import { Hono, type MiddlewareHandler } from 'hono'
import { every } from 'hono/combine'
import {
  SSO_SETTINGS_PATH,
  SSO_SETTINGS_TEST_PATH,
  type SsoSettingsAnswer,
  type SsoSettingsInput,
  ssoSettingsInput,
  ssoTestInput,
} from '../../../../src/api/contract/sso-settings-schemas'
import type { AuditLog } from '../../audit/audit-log'
import { actorOf, requestFacts } from '../../audit/request-facts'
import { SSO_CALLBACK_PATH } from '../../config'
import { jsonBody } from '../../http/json-body'
import { refusedHost } from '../../http/private-address'
import { sendProblem } from '../../http/problem'
import type { ConsoleStore } from '../../store'
import type { SsoSettingsValues } from '../../store/sso-settings'
import { requirePermission, type SessionEnv } from '../require-session'
import { guardedFetch } from './guarded-fetch'
import { openSecret, sealSecret } from './sealed-secret'
import { testSsoProvider } from './sso-settings-check'
import { checkSsoSettings } from './sso-settings-validation'
import { answerOfEnvironment, answerOfRow } from './sso-settings-values'
import type { SsoSource } from './sso-source'

export interface SsoSettingsRouteDeps {
  store: ConsoleStore
  audit: AuditLog
  source: SsoSource
  signedIn: MiddlewareHandler<SessionEnv>
  publicUrl: URL
  allowPrivate: boolean
  now: () => number
}

/** The fields an audit entry names when they change (the secret has its own entry, without its value). */
const AUDITED_FIELDS = [
  'enabled',
  'issuer',
  'clientId',
  'providerName',
  'allowedDomains',
  'roleClaim',
  'roleMap',
  'defaultRole',
] as const

const PRIVATE_HINT =
  'Use the provider’s public address, or set CONSOLE_OIDC_ALLOW_PRIVATE=on for one on your own network.'

export function ssoSettingsRoutes(deps: SsoSettingsRouteDeps) {
  const { store, audit, source } = deps
  const manage = every(deps.signedIn, requirePermission('users:manage'))
  const fetchGuarded = guardedFetch(deps.allowPrivate)
  const callbackUrl = new URL(SSO_CALLBACK_PATH, deps.publicUrl).href

  const current = async (): Promise<SsoSettingsAnswer> => {
    const env = source.fromEnvironment ? await source.current() : null
    if (env) return { ...answerOfEnvironment(env.config), callbackUrl: env.redirectUrl.href }
    return { ...answerOfRow(await store.ssoSettings.read()), callbackUrl }
  }

  return new Hono<SessionEnv>()
    .get(SSO_SETTINGS_PATH, manage, async (c) => c.json(await current()))
    .put(SSO_SETTINGS_PATH, manage, jsonBody(ssoSettingsInput, 'Check the single sign-on settings.'), async (c) => {
      if (source.fromEnvironment)
        return sendProblem(
          c,
          409,
          'Set by the environment',
          'Single sign-on is set by the console’s environment (CONSOLE_OIDC_*), which wins over the page: change it there.',
        )
      const input = c.req.valid('json')
      const before = await store.ssoSettings.read()
      const checked = checkSsoSettings(input, Boolean(before?.client_secret_sealed))
      if (!checked.ok)
        return sendProblem(c, 400, 'The settings need a change', 'Check the fields named below.', {
          errors: checked.errors,
        })
      const { issuer, allowedDomains } = checked.value
      if (issuer && !deps.allowPrivate) {
        const refused = await refusedHost(new URL(issuer).hostname).catch(() => 'unresolved')
        if (refused) {
          const message =
            refused === 'unresolved'
              ? `The name ${new URL(issuer).hostname} could not be resolved. Check the issuer URL.`
              : `Refused: ${refused}. ${PRIVATE_HINT}`
          return sendProblem(c, 400, 'The settings need a change', message, { errors: [{ field: 'issuer', message }] })
        }
      }
      const session = c.get('session')
      const values: SsoSettingsValues = {
        enabled: input.enabled ? 1 : 0,
        issuer,
        client_id: input.clientId,
        client_secret_sealed: input.clientSecret
          ? await sealSecret(store, input.clientSecret)
          : (before?.client_secret_sealed ?? null),
        provider_name: input.providerName,
        allowed_domains: allowedDomains.join(','),
        role_claim: input.roleClaim,
        role_map: JSON.stringify(input.roleMap.map(({ value, role }) => ({ value, role }))),
        default_role: input.defaultRole,
        updated_at: deps.now(),
        updated_by: session.email,
      }
      await store.ssoSettings.save(values)
      const was = answerOfRow(before)
      const now: Pick<SsoSettingsInput, (typeof AUDITED_FIELDS)[number]> = { ...input, issuer, allowedDomains }
      const changed = AUDITED_FIELDS.filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
      const facts = { actor: actorOf(session), ...requestFacts(c), target: null, outcome: 200 }
      if (changed.length > 0)
        await audit.record({
          ...facts,
          action: 'sso.settings-changed',
          detail: { changed, enabled: input.enabled, issuer, clientId: input.clientId },
        })
      if (input.clientSecret)
        await audit.record({
          ...facts,
          action: 'sso.secret-replaced',
          detail: { hadOne: Boolean(before?.client_secret_sealed) },
        })
      // This instance at once; the others at their next sign-in start, or within seconds (sso-source.ts).
      await source.current(true)
      return c.json(await current())
    })
    .post(SSO_SETTINGS_TEST_PATH, manage, jsonBody(ssoTestInput, 'Enter the issuer URL to test.'), async (c) => {
      const input = c.req.valid('json')
      // Without a secret typed, the one set is tried, if it was set for this client.
      let clientSecret = input.clientSecret ?? null
      if (!clientSecret) {
        const env = source.fromEnvironment ? await source.current() : null
        if (env && env.config.clientId === input.clientId) clientSecret = env.config.clientSecret
        const row = env ? undefined : await store.ssoSettings.read()
        if (row?.client_secret_sealed && row.client_id === input.clientId)
          clientSecret = await openSecret(store, row.client_secret_sealed)
      }
      const result = await testSsoProvider({
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecret,
        allowPrivate: deps.allowPrivate,
        fetch: fetchGuarded,
      })
      return c.json(result)
    })
}
