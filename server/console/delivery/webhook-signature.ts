// Standard Webhooks 1.0 signatures (https://www.standardwebhooks.com): HMAC-SHA256 over
// "<webhook-id>.<webhook-timestamp>.<body>" with the secret's bytes, sent as `v1,<base64>`.
// Our own few lines of node:crypto; the tests check them against the spec's example and the reference library.
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'
/** The spec asks for 24 to 64 bytes; 32 is what its reference libraries make. */
const SECRET_BYTES = 32

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`
}

/** A new message id, `msg_` and 24 random characters: the webhook-id every retry of it repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`
}

/** The bytes an HMAC is keyed with: the base64 after `whsec_`. */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('A webhook secret starts with whsec_.')
  return Buffer.from(secret.slice(PREFIX.length), 'base64')
}

/** The webhook-signature header's value. `timestamp` in unix seconds. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The three headers of one attempt; the timestamp is the attempt's, the id the message's. */
export function webhookHeaders(secret: string, id: string, nowMs: number, body: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  }
}
