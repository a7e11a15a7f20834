// Password hashing: argon2id at OWASP's first recommended setting (19 MiB, 2 passes,
// 1 lane). @node-rs/argon2 ships its compiled binary as a registry package, so it
// installs offline-friendly with no download step, and verifies in a few ms.
import { hash, verify } from '@node-rs/argon2'

// The library's default algorithm is argon2id (its `Algorithm` is a const enum we cannot import).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

// The contract holds it, so the set-up page says the same number the server checks.
export { MIN_PASSWORD_LENGTH } from '../../../src/api/contract/set-up-schemas'

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/**
 * The password_hash of a person who signs in only with SSO. It is no argon2 hash (those start
 * with `$argon2`), so no password matches it.
 */
export const NO_PASSWORD = '!sso-only'

export const hasPassword = (passwordHash: string) => passwordHash.startsWith('$argon2')

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Refused here, not left to the library's parser: an SSO-only account never takes a password.
  if (!hasPassword(passwordHash)) return false
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verified against when the email is unknown, so the answer takes as long either way.
let dummyHash: Promise<string> | null = null
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password')
  await verifyPassword(await dummyHash, password)
  return false
}
