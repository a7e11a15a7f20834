import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor'

describe('cursor', () => {
  const cursor = encodeCursor('secret', 'calls|acme', [1_795_000_000_000, 42])

  it('round-trips the key and looks opaque', () => {
    expect(decodeCursor('secret', 'calls|acme', cursor, 2)).toEqual([1_795_000_000_000, 42])
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('rejects a cursor of another scope or secret', () => {
    expect(decodeCursor('secret', 'calls|globex', cursor, 2)).toBeNull()
    expect(decodeCursor('other', 'calls|acme', cursor, 2)).toBeNull()
  })

  it('rejects tampered and malformed cursors', () => {
    const forged = Buffer.from(Buffer.from(cursor, 'base64url').toString().replace('42', '43')).toString('base64url')
    expect(decodeCursor('secret', 'calls|acme', forged, 2)).toBeNull()
    expect(decodeCursor('secret', 'calls|acme', 'not a cursor!', 2)).toBeNull()
    expect(decodeCursor('secret', 'calls|acme', '', 2)).toBeNull()
    expect(decodeCursor('secret', 'calls|acme', cursor, 1)).toBeNull()
  })
})
