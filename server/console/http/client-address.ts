// The one reading of "who is the client": the socket's peer, or, when that peer is a trusted
// reverse proxy, the right-most forwarded address that is not itself a trusted proxy (RFC 7239 §7.4:
// entries left of the first untrusted hop were written by the client and prove nothing).
import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { normalizeAddress, type TrustedProxies } from './trusted-proxies'

/** Which header the proxy appends to: the other one arrives from the client untouched, so it is never read. */
export type ForwardedHeader = 'x-forwarded-for' | 'forwarded'

export interface ClientAddressVariables {
  clientAddress?: string
}

/** The peer of the TCP connection; 'unknown' under app.request() in tests, which has no socket. */
export function socketAddress(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address
    return address ? normalizeAddress(address) : 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Audit facts, throttles and logs all read this; resolveClientAddress has set it for the request. */
export function clientAddress(c: Context): string {
  return (c.get('clientAddress') as string | undefined) ?? socketAddress(c)
}

/** `for=` values of a Forwarded header, unquoted, without brackets or port. */
function forwardedFor(header: string): string[] {
  return header.split(',').map((element) => {
    const pair = element.split(';').find((part) => part.trim().toLowerCase().startsWith('for='))
    return stripPort(pair?.trim().slice(4).replace(/^"|"$/g, '') ?? '')
  })
}

/** `[2001:db8::1]:4711` → 2001:db8::1, `192.0.2.1:80` → 192.0.2.1; a bare IPv6 address is left alone. */
function stripPort(value: string): string {
  const trimmed = value.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)
  if (bracketed?.[1]) return bracketed[1]
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed)
  return v4WithPort?.[1] ?? trimmed
}

/** The hops as the proxy chain wrote them, nearest last. */
function forwardedChain(values: string | null | undefined, header: ForwardedHeader): string[] {
  if (!values) return []
  return header === 'forwarded' ? forwardedFor(values) : values.split(',').map(stripPort)
}

/**
 * The client, walking from our side outwards: each trusted hop vouches for the one before it.
 * An entry that is not an address (`unknown`, an obfuscated name) stops the walk at the last hop we trust.
 */
export function resolveAddress(peer: string, chain: string[], proxies: TrustedProxies): string {
  let client = peer
  for (let index = chain.length - 1; index >= 0 && proxies.trusts(client); index--) {
    const hop = normalizeAddress(chain[index] ?? '')
    if (isIP(hop) === 0) break
    client = hop
  }
  return client
}

/** The client of a request from `peer` carrying `forwarded` (the value of `header`): for paths without a Context. */
export function clientOf(
  peer: string,
  forwarded: string | null | undefined,
  header: ForwardedHeader,
  proxies: TrustedProxies,
): string {
  return proxies.any ? resolveAddress(peer, forwardedChain(forwarded, header), proxies) : peer
}

export function resolveClientAddress(
  proxies: TrustedProxies,
  header: ForwardedHeader,
): MiddlewareHandler<{ Variables: ClientAddressVariables }> {
  return async (c, next) => {
    c.set('clientAddress', clientOf(socketAddress(c), c.req.raw.headers.get(header), header, proxies))
    await next()
  }
}
