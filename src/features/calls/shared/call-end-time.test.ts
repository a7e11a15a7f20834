import { describe, expect, it } from 'vitest'
import { callEndTime } from './call-end-time'

describe('callEndTime', () => {
  it('adds the duration to the start the status answer gave', () => {
    expect(callEndTime('2026-11-20T10:00:00Z', 95)).toBe('2026-11-20T10:01:35.000Z')
    expect(callEndTime('2026-11-20T10:00:00Z', 0)).toBe('2026-11-20T10:00:00.000Z')
  })
  it('gives no time when either part is missing or unreadable, rather than guessing one', () => {
    expect(callEndTime('2026-11-20T10:00:00Z', null)).toBeNull()
    expect(callEndTime(null, 95)).toBeNull()
    expect(callEndTime('not a time', 95)).toBeNull()
    expect(callEndTime('2026-11-20T10:00:00Z', -1)).toBeNull()
  })
  it('gives no time when the sum is past the last time a Date holds (a duration Prism made up)', () => {
    expect(callEndTime('2400-02-29T16:48:51.0Z', 3_590_717_887_519_442)).toBeNull()
    expect(callEndTime('2026-11-20T10:00:00Z', Number.MAX_SAFE_INTEGER)).toBeNull()
  })
})
