import { randomBytes } from 'node:crypto'
import type { Random } from './prng'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

function encodeTime(ms: number): string {
  let out = ''
  let value = ms
  for (let index = 0; index < 10; index++) {
    out = CROCKFORD[value % 32] + out
    value = Math.floor(value / 32)
  }
  return out
}

function randomChars(count: number, random?: Random): string {
  const bytes = random ? Array.from({ length: count }, () => random.int(0, 255)) : [...randomBytes(count)]
  return bytes.map((byte) => CROCKFORD[byte % 32]).join('')
}

/** ULID-shaped call ids: sortable by creation time, like many real services use. */
export function newCallId(createdAtMs: number, random?: Random): string {
  return `call_${encodeTime(createdAtMs)}${randomChars(16, random)}`
}

export function newCallerIdId(random?: Random): string {
  return `cid_${randomChars(12, random).toLowerCase()}`
}
