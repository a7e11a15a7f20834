// Single sign-on set up from the page (issue 53, item 7): the OpenID provider an admin sets, tests and turns on. Its
// own file, loaded with that page only (npm run test:size). The client secret goes in once and never comes back: the
// answer says only whether one is set.
import * as z from 'zod/mini'
import { role } from './console-schemas'

export const SSO_SETTINGS_PATH = '/sso-settings'
export const SSO_SETTINGS_TEST_PATH = '/sso-settings/test'

const MAX_PROVIDER_NAME_LENGTH = 60

/** A value of the role claim (a group) and the role it gives. */
const roleMapping = z.object({
  value: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name the group (a value of the role claim).' }),
      z.maxLength(200, { error: 'Keep a group under 200 characters.' }),
    ),
  role,
})
export type RoleMapping = z.infer<typeof roleMapping>

const issuerText = z.string().check(z.trim(), z.maxLength(500, { error: 'Keep the issuer URL under 500 characters.' }))
const clientIdText = z.string().check(z.trim(), z.maxLength(300, { error: 'Keep the client id under 300 characters.' }))
const clientSecretText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'Enter the client secret, or leave the field out to keep the one set.' }),
    z.maxLength(1000, { error: 'Keep the client secret under 1,000 characters.' }),
  )

/** PUT: the whole setting. Without `clientSecret` the one already set is kept. */
export const ssoSettingsInput = z.object({
  enabled: z.boolean(),
  issuer: issuerText,
  clientId: clientIdText,
  clientSecret: z.optional(clientSecretText),
  providerName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name the provider: the sign-in button says “Sign in with” it.' }),
      z.maxLength(MAX_PROVIDER_NAME_LENGTH, { error: `Keep the name under ${MAX_PROVIDER_NAME_LENGTH} characters.` }),
    ),
  allowedDomains: z.array(z.string()).check(z.maxLength(50, { error: 'Allow at most 50 domains.' })),
  roleClaim: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name the claim that holds the groups, such as groups.' }),
      z.maxLength(100, { error: 'Keep the claim’s name under 100 characters.' }),
    ),
  roleMap: z.array(roleMapping).check(z.maxLength(100, { error: 'Map at most 100 groups.' })),
  /** For someone no mapped group places; null refuses them. */
  defaultRole: z.nullable(role),
})
export type SsoSettingsInput = z.infer<typeof ssoSettingsInput>

/** Where the setting comes from: the environment wins, and the page only shows it. */
const SSO_SOURCES = ['environment', 'page'] as const

export const ssoSettingsAnswer = z.object({
  source: z.enum(SSO_SOURCES),
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecret: z.enum(['set', 'not set']),
  providerName: z.string(),
  allowedDomains: z.array(z.string()),
  roleClaim: z.string(),
  roleMap: z.array(roleMapping),
  defaultRole: z.nullable(role),
  /** The redirect URL to register at the provider. */
  callbackUrl: z.string(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
})
export type SsoSettingsAnswer = z.infer<typeof ssoSettingsAnswer>

/** POST test: the provider to try; without `clientSecret` the one set is tried (for the same issuer and client). */
export const ssoTestInput = z.object({
  issuer: issuerText,
  clientId: clientIdText,
  clientSecret: z.optional(clientSecretText),
})
export type SsoTestInput = z.infer<typeof ssoTestInput>

/** What the test tries, in order; a failed step skips those after it that need it. */
const SSO_TEST_STEPS = ['address', 'discovery', 'keys', 'client'] as const

export const ssoTestAnswer = z.object({
  ok: z.boolean(),
  steps: z.array(
    z.object({
      step: z.enum(SSO_TEST_STEPS),
      outcome: z.enum(['passed', 'failed', 'skipped', 'unknown']),
      message: z.string(),
    }),
  ),
})
export type SsoTestAnswer = z.infer<typeof ssoTestAnswer>
