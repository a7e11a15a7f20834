import { createHmac, timingSafeEqual } from 'node:crypto'

// Cursors are opaque to clients but signed, so a tampered cursor, or one from another
// account or another list, is rejected instead of silently returning a wrong page.

export function encodeCursor(secret: string, scope: string, key: readonly number[]): string {
  const body = key.join('.')
  const mac = sign(secret, scope, body)
  return Buffer.from(`${body}.${mac}`).toString('base64url')
}

/** The key the cursor was made from, or null if it is not a valid cursor for this scope. */
export function decodeCursor(secret: string, scope: string, cursor: string, length: number): number[] | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('.')
  if (parts.length !== length + 1) return null
  const mac = parts.pop() ?? ''
  const body = parts.join('.')
  const expected = sign(secret, scope, body)
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null
  const key = parts.map(Number)
  return key.every((part) => Number.isSafeInteger(part)) ? key : null
}

function sign(secret: string, scope: string, body: string): string {
  return createHmac('sha256', secret).update(`${scope}|${body}`).digest('base64url').slice(0, 16)
}
