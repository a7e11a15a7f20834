// The SSRF guard of webhook URLs: a person with alerts:manage must not make the console call its own
// network (a cloud's metadata address, an admin port on loopback). Checked when a channel is saved, and
// again at every send against the address the socket actually connects to, so a name that resolves to a
// public address when saved and to 127.0.0.1 later (DNS rebinding) is refused too. Which addresses are
// refused is http/private-address.ts's to say: the storage proxy's learnt origins pass the same check.
import { isIP } from 'node:net'
import { refusedAddress, refusedHost, resolveAll } from '../http/private-address'

// The connection-time half of the guard is shared with the storage proxy's learnt origins.
export { guardedLookup } from '../http/private-address'

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string }

const PRIVATE_HINT = 'Use a public address, or set CONSOLE_WEBHOOK_ALLOW_PRIVATE=on for a receiver on your own network.'

/** The literal in a URL's hostname, without IPv6 brackets; null for a name. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return isIP(host) ? host : null
}

/** What can be said of the URL without the network: scheme, credentials, and an address written in it. */
export function checkUrlShape(text: string, allowPrivate: boolean): UrlCheck {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, message: 'Enter a full URL such as https://hooks.example.com/voice-alerts.' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: `The console sends webhooks over http or https only, not ${url.protocol}` }
  if (url.username || url.password)
    return { ok: false, message: 'Leave the user name and password out of the URL: the signature proves the sender.' }
  const literal = literalAddress(url)
  const refused = literal && refusedAddress(literal, allowPrivate)
  if (refused) return { ok: false, message: `${refused}. ${PRIVATE_HINT}` }
  return { ok: true, url }
}

type Resolve = typeof resolveAll

/** The check when a channel is saved: the shape, then every address the name resolves to. */
export async function checkWebhookUrl(
  text: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveAll,
): Promise<UrlCheck> {
  const shape = checkUrlShape(text, allowPrivate)
  if (!shape.ok || allowPrivate || literalAddress(shape.url)) return shape
  let refused: string | null
  try {
    refused = await refusedHost(shape.url.hostname, resolve)
  } catch {
    return { ok: false, message: `The name ${shape.url.hostname} could not be resolved. Check the URL.` }
  }
  return refused ? { ok: false, message: `${refused}. ${PRIVATE_HINT}` } : shape
}
