// The fetch the console uses for an OpenID provider an admin typed on the page: the same address guard as webhooks
// and learnt storage origins (http/private-address.ts), checked on the URL's literal address and again on every
// address a name resolves to at connect time, so a name that later points at this machine (DNS rebinding) is refused.
// Redirects are not followed: each hop would need the same check. CONSOLE_OIDC_ALLOW_PRIVATE=on lifts the guard.
import { isIP } from 'node:net'
import { Agent, fetch as undiciFetch } from 'undici'
import { guardedLookup, refusedAddress } from '../../http/private-address'

const REQUEST_TIMEOUT_MS = 10_000

class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS'
}

/** What openid-client and the Test send: a URL, and a request's parts. */
export type ProviderFetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal },
) => Promise<Response>

export function guardedFetch(allowPrivate: boolean): ProviderFetch {
  const dispatcher = new Agent({
    connect: { lookup: guardedLookup(allowPrivate), timeout: REQUEST_TIMEOUT_MS },
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  })
  return async (input, init) => {
    const url = new URL(input)
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1')
    const refused = isIP(literal) ? refusedAddress(literal, allowPrivate) : null
    if (refused) throw new RefusedAddress(refused)
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
      dispatcher,
      signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    // undici's own Response class: openid-client and the Test read it as the standard one it is.
    return response as unknown as Response
  }
}
