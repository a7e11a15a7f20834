import { hash, randomBytes } from 'node:crypto'

/** 256 bits from the OS's CSPRNG, base64url: the cookie's value. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this reaches the database. One-shot (Node 20.12+): no Hash object for every request's lookup. */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex')
}
