// Random ids made in the browser: Idempotency-Keys, a tab's id, a recording's play.

/**
 * 32 hex digits (128 bits). `crypto.getRandomValues`, unlike `crypto.randomUUID`, also works on a plain-http
 * address other than localhost, where the console may well be served inside a team's network.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
