import { describe, expect, it } from 'vitest'
import { loadConsoleConfig } from '../config'
import { createTestConsole } from '../test-support/console-app'
import { resolveAddress } from './client-address'
import { parseTrustedProxies } from './trusted-proxies'

const proxies = parseTrustedProxies('10.0.0.0/8, 192.0.2.5, fd00::/8')

describe('CONSOLE_TRUSTED_PROXIES', () => {
  it('accepts addresses and CIDRs of both families, IPv4-mapped peers included', () => {
    expect(proxies.trusts('10.9.8.7')).toBe(true)
    expect(proxies.trusts('::ffff:10.9.8.7')).toBe(true)
    expect(proxies.trusts('192.0.2.5')).toBe(true)
    expect(proxies.trusts('192.0.2.6')).toBe(false)
    expect(proxies.trusts('fd12::1')).toBe(true)
    expect(proxies.trusts('2001:db8::1')).toBe(false)
    expect(proxies.trusts('unknown')).toBe(false)
  })

  it('refuses the configuration with a sentence naming each bad entry', () => {
    expect(() => loadConsoleConfig({ CONSOLE_TRUSTED_PROXIES: '10.0.0.0/33, proxy.local' })).toThrow(
      /CONSOLE_TRUSTED_PROXIES: "10\.0\.0\.0\/33": the prefix length must be 0 to 32; "proxy\.local" is not an IP address or CIDR/,
    )
    expect(loadConsoleConfig({}).network.trustedProxies.any).toBe(false)
  })
})

describe('the client address', () => {
  it('is the right-most forwarded address that is not a trusted proxy', () => {
    // The client wrote 6.6.6.6 itself; 203.0.113.4 is what our proxies saw.
    expect(resolveAddress('10.0.0.2', ['6.6.6.6', '203.0.113.4', '10.0.0.1'], proxies)).toBe('203.0.113.4')
    expect(resolveAddress('10.0.0.2', ['2001:db8::7'], proxies)).toBe('2001:db8::7')
  })

  it('is the socket peer when the peer is not a trusted proxy, whatever the headers say', () => {
    expect(resolveAddress('203.0.113.9', ['6.6.6.6'], proxies)).toBe('203.0.113.9')
  })

  it('stops at the last trusted hop when an entry is not an address', () => {
    expect(resolveAddress('10.0.0.2', ['6.6.6.6', 'unknown'], proxies)).toBe('10.0.0.2')
  })

  it('reads the header the proxy appends to, in the audit trail', async () => {
    const t = await createTestConsole({
      network: { trustedProxies: parseTrustedProxies('127.0.0.1'), forwardedHeader: 'forwarded' },
    })
    const signIn = (headers: Record<string, string>, from: string) =>
      t.request('/api/console/sign-in', { json: { email: 'x@example.com', password: 'x' }, headers, from })
    await signIn(
      { forwarded: 'for=6.6.6.6, for="[2001:db8:cafe::17]:4711"', 'x-forwarded-for': '7.7.7.7' },
      '127.0.0.1',
    )
    await signIn({ forwarded: 'for=6.6.6.6' }, '198.51.100.1')
    const entries = await t.store.audit.page({ action: 'sign-in.failed' }, 10)
    expect(entries.map((entry) => entry.ip)).toEqual(['198.51.100.1', '2001:db8:cafe::17'])
    t.store.close()
  })
})
