// CONSOLE_TRUSTED_PROXIES: the reverse proxies whose forwarding headers the console believes.
// Addresses and CIDRs, IPv4 and IPv6, checked with node:net's BlockList (no home-made masks).
import { BlockList, isIP } from 'node:net'

export interface TrustedProxies {
  /** Whether a request from this address may tell us who the client is. */
  trusts(address: string): boolean
  /** False when none are configured: the socket address is the client, as without a proxy. */
  readonly any: boolean
}

export const NO_TRUSTED_PROXIES: TrustedProxies = { trusts: () => false, any: false }

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1: one address, one spelling. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return (mapped?.[1] ?? address).toLowerCase()
}

/** Throws one sentence per entry that is not an address or a CIDR, so config.ts can list them all. */
export function parseTrustedProxies(text: string): TrustedProxies {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return NO_TRUSTED_PROXIES
  const list = new BlockList()
  const problems: string[] = []
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = isIP(address)
    const bits = family === 4 ? 32 : 128
    if (family === 0 || extra !== undefined) {
      problems.push(`"${entry}" is not an IP address or CIDR (e.g. 10.0.0.5, 10.0.0.0/8, fd00::/8)`)
    } else if (prefix === undefined) {
      list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6')
    } else if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
      problems.push(`"${entry}": the prefix length must be 0 to ${bits}`)
    } else {
      list.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6')
    }
  }
  if (problems.length > 0) throw new Error(problems.join('; '))
  return {
    any: true,
    trusts: (raw) => {
      const address = normalizeAddress(raw)
      const family = isIP(address)
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6')
    },
  }
}
