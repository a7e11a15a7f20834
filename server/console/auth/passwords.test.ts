import { describe, expect, it } from 'vitest'
import { hashPassword, hasPassword, NO_PASSWORD, verifyAgainstNothing, verifyPassword } from './passwords'

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane) and a random salt", async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(await hashPassword('correct horse battery')).not.toBe(hash)
  })

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false)
    expect(await verifyPassword(hash, '')).toBe(false)
  })

  it('treats a garbage or empty stored hash as a mismatch instead of throwing', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false)
    expect(await verifyPassword('', 'anything')).toBe(false)
    expect(await verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$garbage', 'anything')).toBe(false)
  })

  it('never matches the marker of an SSO-only account, whatever is typed', async () => {
    expect(hasPassword(NO_PASSWORD)).toBe(false)
    expect(hasPassword(await hashPassword('x'.repeat(12)))).toBe(true)
    for (const guess of [NO_PASSWORD, '!sso-only', '', 'sso', 'x'.repeat(12)])
      expect(await verifyPassword(NO_PASSWORD, guess)).toBe(false)
  })

  it('verifies an unknown account against a dummy hash, and always says no', async () => {
    expect(await verifyAgainstNothing('no account has this password')).toBe(false)
  })
})
