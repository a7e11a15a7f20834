// What a per-address limit counts: an IPv4 address, or an IPv6 address's /64. One subscriber is
// usually given a whole /64, so counting single IPv6 addresses would give one attacker 2^64 fresh ones.
import { isIP } from 'node:net'

/** `2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::/64`; anything else as it is. */
export function addressGroup(address: string): string {
  if (isIP(address) !== 6) return address
  const [head = '', tail] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  // An embedded IPv4 (`::ffff:1.2.3.4` is normalised before this; others are rare) takes two groups.
  const right = tail ? tail.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
