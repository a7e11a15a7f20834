import { describe, expect, it } from 'vitest'
import { randomId } from './random-id'

describe('randomId', () => {
  it('is 32 hex digits, new each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
  })

  it('works where randomUUID is missing, as on a plain-http address other than localhost', () => {
    const randomUUID = crypto.randomUUID
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      expect(randomId()).toMatch(/^[0-9a-f]{32}$/)
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true })
    }
  })
})
