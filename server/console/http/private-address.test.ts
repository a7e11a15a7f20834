// The addresses the console refuses to connect to on someone else's say-so, IPv4 written inside IPv6 included.
import { createServer, get } from 'node:http'
import { describe, expect, it } from 'vitest'
import { guardedLookup, refusedAddress, refusedHost } from './private-address'

describe('refusedAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:192.168.1.1', 'private'],
    ['::ffff:0:7f00:1', 'loopback'],
    // IPv4-compatible: the URL parser writes [::127.0.0.1] as [::7f00:1].
    ['::7f00:1', '127.0.0.1 written as IPv4-compatible IPv6, a loopback'],
    ['::a9fe:a9fe', 'link-local'],
    ['64:ff9b::a00:1', '10.0.0.1 written as NAT64 IPv6, a private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2002:7f00:1::1', '127.0.0.1 written as 6to4 IPv6, a loopback'],
    ['2002:c0a8:101::', 'private'],
    // Teredo carries the client's address inverted: 0x3fff fdd2 is 192.0.2.45 (reserved), 0xf5ff fffe is 10.0.0.1.
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', '10.0.0.1 written as Teredo IPv6, a private'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, words) => {
    expect(refusedAddress(address, false)).toContain(words)
    expect(refusedAddress(address, true)).toBeNull()
  })

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets %s through', (address) => {
    expect(refusedAddress(address, false)).toBeNull()
  })
})

describe('refusedHost', () => {
  it('judges a literal, bracketed or not, and every address a name resolves to', async () => {
    expect(await refusedHost('[::7f00:1]')).toContain('loopback')
    expect(await refusedHost('8.8.8.8')).toBeNull()
    expect(await refusedHost('storage.example.com', async () => ['93.184.215.14', '::ffff:10.0.0.7'])).toBe(
      'storage.example.com resolves to ::ffff:10.0.0.7 is 10.0.0.7 written as IPv4-mapped IPv6, a private network address',
    )
    expect(await refusedHost('localhost')).toContain('loopback')
  })
})

describe('guardedLookup', () => {
  it('refuses the connection when a name resolves to a private address at connect time (DNS rebinding)', async () => {
    const server = createServer((_, res) => res.end('reached'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const attempt = (allowPrivate: boolean) =>
      new Promise<string>((resolve) => {
        const request = get({ host: 'localhost', port, path: '/', family: 4, lookup: guardedLookup(allowPrivate) })
        request.once('response', (res) => {
          res.resume()
          resolve(`answered ${res.statusCode}`)
        })
        request.once('error', (error: NodeJS.ErrnoException) => resolve(`${error.code}: ${error.message}`))
      })
    try {
      expect(await attempt(false)).toMatch(/^EREFUSEDADDRESS: localhost resolves to 127\.0\.0\.1 is a loopback address/)
      expect(await attempt(true)).toBe('answered 200')
    } finally {
      server.close()
    }
  })
})
