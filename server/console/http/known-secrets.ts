// The secrets this process knows (the voice API key, the OIDC client secret, the metrics token, the SMTP password,
// the device cookie's key), and the one redaction every text the console relays from elsewhere goes through. A
// service that repeats the key in its error text ("API key fk_live_… is not valid") must not hand it to every role.
// Process-wide on purpose: whoever reads a secret (config.ts, the store's keys, a proxy given a key) tells it here,
// and no relay path needs to be handed the list.

/** What a secret becomes in a text the console passes on. */
export const REDACTED = '[redacted]'

// Shorter than this, a "secret" (a test's "secret", say) would blank out ordinary words in every answer; a real
// key or token is far longer (the metrics token must have 16).
const MIN_SECRET_CHARS = 8

/** Every form a secret may take in a text the console relays: as is, escaped in JSON, encoded in a URL. */
const forms: string[] = []
const known = new Set<string>()

export function knowSecret(value: string | null | undefined): void {
  const secret = value?.trim()
  if (!secret || secret.length < MIN_SECRET_CHARS || known.has(secret)) return
  known.add(secret)
  for (const form of [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]) {
    if (!forms.includes(form)) forms.push(form)
  }
  // The longest first, so a secret that holds another is replaced whole.
  forms.sort((a, b) => b.length - a.length)
}

/** `text` with every known secret replaced by REDACTED. */
export function redactSecrets(text: string): string {
  let out = text
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED)
  return out
}

/**
 * `bytes` (UTF-8 text or JSON) with every known secret replaced; the same Buffer when none is in it, which is
 * nearly always: the search is native, so the hot path of a status poll pays a few scans of a small body.
 */
export function redactSecretBytes(bytes: Buffer): Buffer {
  if (!forms.some((form) => bytes.includes(form))) return bytes
  return Buffer.from(redactSecrets(bytes.toString('utf8')), 'utf8')
}
