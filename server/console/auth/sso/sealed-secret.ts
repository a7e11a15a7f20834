// The page-set client secret at rest: AES-256-GCM under a key the console makes for itself (console_secrets), so the
// settings row, and whatever copies or shows it, never holds the secret as typed. Opened only to talk to the provider.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { knowSecret } from '../../http/known-secrets'
import type { ConsoleStore } from '../../store'

const KEY_NAME = 'sso-settings-key'
const FORMAT = 'v1'

async function keyOf(store: ConsoleStore): Promise<Buffer> {
  const key = await store.secrets.getOrCreate(KEY_NAME, () => randomBytes(32).toString('base64url'))
  return Buffer.from(key, 'base64url')
}

export async function sealSecret(store: ConsoleStore, secret: string): Promise<string> {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await keyOf(store), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [FORMAT, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The secret; throws when the sealed text was not made with this store's key (a row copied from elsewhere). */
export async function openSecret(store: ConsoleStore, sealed: string): Promise<string> {
  const [format, iv, tag, text] = sealed.split('.')
  if (format !== FORMAT || !iv || !tag || text === undefined)
    throw new Error('the client secret is sealed in an unknown form')
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(store), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  const secret = Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8')
  // Relayed texts (a provider's error repeated in a log line) have it redacted, as the environment's secrets are.
  knowSecret(secret)
  return secret
}
