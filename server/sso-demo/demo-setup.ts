// The demo's people, its client, and the console settings that point at it: one place
// for `npm run sso-demo`, `npm run start:sso` and the Playwright journey.
import type { DemoPerson } from './provider'

export const SSO_DEMO_PORT = 5190
export const SSO_DEMO_CLIENT_ID = 'voice-console'
/** Public on purpose: it opens only this loopback demo. */
export const SSO_DEMO_CLIENT_SECRET = 'sso-demo-secret-not-for-production'
export const SSO_DEMO_PASSWORD = 'sso-demo-password'

/** Two people in the allowed domain with mapped groups, one outside it. */
export const demoPeople = (): DemoPerson[] => [
  { email: 'ada@acme.test', name: 'Ada Admin', groups: ['voice-admins'], password: SSO_DEMO_PASSWORD },
  { email: 'sam@acme.test', name: 'Sam Support', groups: ['voice-support', 'staff'], password: SSO_DEMO_PASSWORD },
  { email: 'eve@elsewhere.test', name: 'Eve Elsewhere', groups: ['voice-admins'], password: SSO_DEMO_PASSWORD },
]

/** The console's settings for this provider, as a newcomer would write them. */
export function consoleSsoEnv(providerUrl: string): Record<string, string> {
  return {
    CONSOLE_OIDC_ISSUER: providerUrl,
    CONSOLE_OIDC_CLIENT_ID: SSO_DEMO_CLIENT_ID,
    CONSOLE_OIDC_CLIENT_SECRET: SSO_DEMO_CLIENT_SECRET,
    CONSOLE_OIDC_PROVIDER_NAME: 'Demo SSO',
    CONSOLE_OIDC_ALLOWED_DOMAINS: 'acme.test',
    CONSOLE_OIDC_ROLE_CLAIM: 'groups',
    CONSOLE_OIDC_ROLE_MAP: 'voice-admins=admin,voice-managers=manager,voice-support=support',
    CONSOLE_OIDC_DEFAULT_ROLE: 'none',
  }
}
