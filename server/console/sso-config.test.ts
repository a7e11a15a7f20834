// The SSO settings: a wrong one stops the console at start, with every problem named.
import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from './config'

const SSO = {
  CONSOLE_OIDC_ISSUER: 'https://login.acme.com',
  CONSOLE_OIDC_CLIENT_ID: 'voice-console',
  CONSOLE_OIDC_CLIENT_SECRET: 'secret',
  CONSOLE_OIDC_ALLOWED_DOMAINS: 'acme.com',
  CONSOLE_OIDC_ROLE_MAP: 'voice-admins=admin',
}

describe('SSO configuration', () => {
  it('is off with no provider, and local sign-in is on by default', () => {
    expect(loadConsoleConfig({})).toMatchObject({ sso: null, localSignIn: true })
  })

  it('reads a provider with its defaults: the callback on the public URL, the groups claim, no default role', () => {
    const config = loadConsoleConfig({
      ...SSO,
      CONSOLE_PUBLIC_URL: 'https://voice.acme.com',
      CONSOLE_LOCAL_SIGN_IN: 'off',
    })
    expect(config.localSignIn).toBe(false)
    expect(config.sso).toMatchObject({
      clientId: 'voice-console',
      redirectUrl: null,
      providerName: 'SSO',
      allowedDomains: ['acme.com'],
      roleClaim: 'groups',
      defaultRole: null,
      scopes: 'openid email profile',
    })
    expect(config.sso?.issuer.href).toBe('https://login.acme.com/')
    expect([...(config.sso?.roleMap ?? [])]).toEqual([['voice-admins', 'admin']])
  })

  it('fails at start, naming every problem at once', () => {
    expect(() =>
      loadConsoleConfig({
        CONSOLE_OIDC_ISSUER: 'http://login.acme.com',
        CONSOLE_OIDC_ALLOWED_DOMAINS: 'acme',
        CONSOLE_OIDC_ROLE_MAP: 'voice-admins=root',
        CONSOLE_OIDC_REDIRECT_URL: 'https://elsewhere.example/callback',
      }),
    ).toThrow(
      [
        'Invalid console configuration:',
        'CONSOLE_OIDC_ISSUER: must be https (http only on localhost or 127.0.0.1)',
        'CONSOLE_OIDC_CLIENT_ID: required when CONSOLE_OIDC_ISSUER is set',
        'CONSOLE_OIDC_CLIENT_SECRET: required (or CONSOLE_OIDC_CLIENT_SECRET_FILE)',
        'CONSOLE_OIDC_REDIRECT_URL: must be http://localhost:4173/api/console/sso/callback (the console’s own callback)',
        'CONSOLE_OIDC_ALLOWED_DOMAINS: "acme" is not a domain',
        'CONSOLE_OIDC_ROLE_MAP: "voice-admins=root" names no role (use support, manager, admin)',
      ].join('\n'),
    )
  })

  it('refuses settings under which nobody could sign in', () => {
    expect(() => loadConsoleConfig({ CONSOLE_LOCAL_SIGN_IN: 'off' })).toThrow('CONSOLE_LOCAL_SIGN_IN: off needs SSO')
    expect(() => loadConsoleConfig({ ...SSO, CONSOLE_OIDC_ROLE_MAP: undefined })).toThrow(
      'CONSOLE_OIDC_ROLE_MAP: empty with CONSOLE_OIDC_DEFAULT_ROLE=none',
    )
    expect(() => loadConsoleConfig({ ...SSO, CONSOLE_OIDC_ALLOWED_DOMAINS: undefined })).toThrow(
      'CONSOLE_OIDC_ALLOWED_DOMAINS: required',
    )
    expect(() => loadConsoleConfig({ ...SSO, CONSOLE_OIDC_DEFAULT_ROLE: 'root' })).toThrow('CONSOLE_OIDC_DEFAULT_ROLE')
  })
})
