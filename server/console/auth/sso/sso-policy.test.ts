import { describe, expect, it } from 'vitest'
import { decideSsoAccess, parseDomains, parseRoleMap, type SsoPolicy } from './sso-policy'

const policy: SsoPolicy = {
  allowedDomains: ['acme.com'],
  roleClaim: 'groups',
  roleMap: parseRoleMap('voice-admins=admin, voice-managers=manager,voice-support=support'),
  defaultRole: null,
}

describe('who comes in through SSO, and as what', () => {
  it('gives the highest role of the mapped groups, whatever their order', () => {
    expect(decideSsoAccess({ email: 'Ada@Acme.com', groups: ['voice-support', 'voice-admins'] }, policy)).toEqual({
      allowed: true,
      email: 'ada@acme.com',
      role: 'admin',
    })
    expect(decideSsoAccess({ email: 'b@acme.com', groups: 'voice-managers' }, policy)).toMatchObject({
      role: 'manager',
    })
  })

  it('refuses unmapped people unless a default role is set', () => {
    expect(decideSsoAccess({ email: 'c@acme.com', groups: ['staff'] }, policy)).toEqual({
      allowed: false,
      reason: 'no role',
    })
    expect(decideSsoAccess({ email: 'c@acme.com' }, { ...policy, defaultRole: 'support' })).toMatchObject({
      role: 'support',
    })
  })

  it('refuses another domain (a look-alike suffix too), no email, and an email the provider says is unverified', () => {
    const groups = ['voice-admins']
    for (const email of ['eve@elsewhere.com', 'eve@evilacme.com', 'eve@acme.com.evil.net'])
      expect(decideSsoAccess({ email, groups }, policy)).toEqual({ allowed: false, reason: 'domain not allowed' })
    expect(decideSsoAccess({ groups }, policy)).toEqual({ allowed: false, reason: 'no email' })
    expect(decideSsoAccess({ email: 'a@acme.com', email_verified: false, groups }, policy)).toEqual({
      allowed: false,
      reason: 'email not verified',
    })
  })

  it('reads the settings, and names the entry that is wrong', () => {
    expect(parseDomains(' Acme.com, @example.org ,')).toEqual(['acme.com', 'example.org'])
    expect(() => parseDomains('acme')).toThrow('"acme" is not a domain')
    // A value may hold "=" (the role is after the last one); a comma always ends an entry.
    expect([...parseRoleMap('a=admin, cn=voice=support,')]).toEqual([
      ['a', 'admin'],
      ['cn=voice', 'support'],
    ])
    expect(() => parseRoleMap('voice-admins=root')).toThrow('"voice-admins=root" names no role')
    expect(() => parseRoleMap('=admin')).toThrow('is not claim-value=role')
  })
})
