// Range requests for one recording are served from memory, and the memory stays bounded.
import { describe, expect, it } from 'vitest'
import { wavByteLength } from '../domain/wav'
import { createRecordingCache } from './recording-cache'

const ONE_SECOND = wavByteLength(1)

describe('recording cache', () => {
  it('serves a recording again without synthesizing it again', () => {
    const recording = createRecordingCache(4 * ONE_SECOND)
    expect(recording('call_a', 1)).toBe(recording('call_a', 1))
  })

  it('forgets the least recently used recordings beyond its byte budget', () => {
    const recording = createRecordingCache(2 * ONE_SECOND)
    const a = recording('call_a', 1)
    const b = recording('call_b', 1)
    expect(recording('call_a', 1)).toBe(a)
    const c = recording('call_c', 1)

    // b was the least recently used, so it made room for c; a and c stay.
    expect(recording('call_a', 1)).toBe(a)
    expect(recording('call_c', 1)).toBe(c)
    const bAgain = recording('call_b', 1)
    expect(bAgain).not.toBe(b)
    expect(bAgain).toEqual(b)
  })

  it('keeps the newest recording even when it alone is over the budget', () => {
    const recording = createRecordingCache(ONE_SECOND)
    const long = recording('call_long', 3)
    expect(long.length).toBeGreaterThan(ONE_SECOND)
    expect(recording('call_long', 3)).toBe(long)
  })
})
