import { describe, expect, it } from 'vitest'
import { addressGroup } from './address-group'

describe('the address a per-address limit counts', () => {
  it('is an IPv4 address itself, and the /64 of an IPv6 one, however it is written', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7')
    expect(addressGroup('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressGroup('::1')).toBe('0:0:0:0::/64')
    expect(addressGroup('unknown')).toBe('unknown')
  })
})
