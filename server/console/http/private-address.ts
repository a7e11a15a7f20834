// Which IP addresses the console refuses to connect to on someone else's say-so: a webhook URL a manager
// typed (delivery/ssrf-guard.ts), a storage origin the voice service named (proxy/storage-origins.ts).
// Anything not ordinary public unicast is refused, and so is a private IPv4 address written inside an IPv6
// one (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo), which the network may still deliver to it.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/** The ranges in words, for the person who typed the URL. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  linkLocal: 'a link-local address (such as a cloud metadata service)',
  uniqueLocal: 'a unique-local IPv6 address (a private network)',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address (a private network)',
  reserved: 'a reserved address',
}

const words = (range: string) => RANGE_WORDS[range] ?? `in a range the console does not send to (${range})`

const v4 = (high: number, low: number) =>
  new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff])

/** IPv6 forms that carry an IPv4 address, each with where it carries it (16-bit parts of the address). */
const CARRIERS: { cidr: [ipaddr.IPv6, number]; form: string; carried: (parts: number[]) => ipaddr.IPv4 }[] = [
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d, RFC 6145).
  { cidr: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), form: 'IPv4-mapped', carried: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  { cidr: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), form: 'IPv4-translated', carried: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  // IPv4-compatible (::a.b.c.d, deprecated): the URL parser writes [::127.0.0.1] as [::7f00:1].
  { cidr: ipaddr.IPv6.parseCIDR('::/96'), form: 'IPv4-compatible', carried: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  // NAT64's well-known prefix (RFC 6052): the translator connects to the IPv4 address in the last 32 bits.
  { cidr: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), form: 'NAT64', carried: (p) => v4(p[6] ?? 0, p[7] ?? 0) },
  // 6to4 (2002:AABB:CCDD::/48): the relay sends to the IPv4 address in bits 16 to 47.
  { cidr: ipaddr.IPv6.parseCIDR('2002::/16'), form: '6to4', carried: (p) => v4(p[1] ?? 0, p[2] ?? 0) },
  // Teredo: the client's IPv4 address, inverted, in the last 32 bits.
  { cidr: ipaddr.IPv6.parseCIDR('2001::/32'), form: 'Teredo', carried: (p) => v4(~(p[6] ?? 0), ~(p[7] ?? 0)) },
]

/** NAT64 for local use (RFC 8215): a translator on the operator's own network, whatever address it carries. */
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48')

/** Why the console refuses to connect to this IP address; null when it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    if (v6.match(LOCAL_NAT64)) return `${address} is a local-use NAT64 address (a private network)`
    // :: and ::1 are in ::/96 too, and are judged as themselves below.
    const carrier = ['unspecified', 'loopback'].includes(v6.range())
      ? undefined
      : CARRIERS.find(({ cidr }) => v6.match(cidr))
    if (carrier) {
      const carried = carrier.carried(v6.parts)
      const range = carried.range()
      if (range === 'unicast') return null
      return `${address} is ${carried.toString()} written as ${carrier.form} IPv6, ${words(range)}`
    }
  }
  const range = parsed.range()
  if (range === 'unicast') return null
  return `${address} is ${words(range)}`
}

type Resolve = (host: string) => Promise<string[]>

export const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    ),
  )

/**
 * Why a host (a name, or an address with or without IPv6 brackets) is refused: the first refused address it
 * resolves to; null when every one is public. Rejects when the name cannot be resolved.
 */
export async function refusedHost(host: string, resolve: Resolve = resolveAll): Promise<string | null> {
  const literal = host.replace(/^\[(.*)\]$/, '$1')
  if (isIP(literal)) return refusedAddress(literal, false)
  for (const address of await resolve(host)) {
    const refused = refusedAddress(address, false)
    if (refused) return `${host} resolves to ${refused}`
  }
  return null
}

class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS'
}

/**
 * A `lookup` for the http agent: resolves as Node would, then refuses the connection if any address it
 * would use is refused. Node skips `lookup` for an IP literal: callers check those themselves (checkUrlShape, refusedHost).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, verbatim: true }, (error, address, family) => {
      if (error) return callback(error, '', 0)
      const list: LookupAddress[] = Array.isArray(address)
        ? address
        : [{ address: address as unknown as string, family: family ?? 4 }]
      const refused = list.map((entry) => refusedAddress(entry.address, allowPrivate)).find((reason) => reason)
      if (refused) return callback(new RefusedAddressError(`${hostname} resolves to ${refused}`), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
      const [first] = list
      return callback(null, first?.address ?? '', first?.family ?? 4)
    })
  }
}
