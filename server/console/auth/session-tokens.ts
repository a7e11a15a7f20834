import { createHash, randomBytes } from 'node:crypto'

/** 256 bits from the OS's CSPRNG, base64url: the cookie's value. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this reaches the database. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
