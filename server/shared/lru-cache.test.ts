import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLruCache } from './lru-cache'

type Op = { kind: 'get' | 'has' | 'peek'; key: number } | { kind: 'set'; key: number; value: number }

const ops = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constantFrom('get' as const, 'has' as const, 'peek' as const),
      key: fc.integer({ min: 0, max: 12 }),
    }),
    fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 12 }), value: fc.integer() }),
  ),
  { maxLength: 200 },
)

describe('an LRU cache', () => {
  it('keeps the `max` most recently read or written entries (a peek is no read), as a plain list of them would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), ops, (max, sequence: Op[]) => {
        const cache = createLruCache<number, number>(max)
        // The model: entries oldest first.
        let model: [number, number][] = []
        const touch = (key: number, value: number) => {
          const entry: [number, number] = [key, value]
          model = [...model.filter(([k]) => k !== key), entry].slice(-max)
        }
        for (const op of sequence) {
          const kept = model.find(([k]) => k === op.key)
          if (op.kind === 'set') {
            cache.set(op.key, op.value)
            touch(op.key, op.value)
          } else if (op.kind === 'get') {
            expect(cache.get(op.key)).toBe(kept?.[1])
            if (kept) touch(...kept)
          } else if (op.kind === 'peek') expect(cache.peek(op.key)).toBe(kept?.[1])
          else expect(cache.has(op.key)).toBe(kept !== undefined)
          expect([...cache.keys()]).toEqual(model.map(([k]) => k))
          expect(cache.size).toBeLessThanOrEqual(max)
        }
      }),
    )
  })

  it('keeps a stored null apart from a missing entry', () => {
    const cache = createLruCache<string, number | null>(2)
    cache.set('a', null)
    cache.set('b', 1)
    expect(cache.get('a')).toBeNull()
    cache.set('c', 2)
    // 'a' was read after 'b' was written: 'b' was the oldest.
    expect([...cache.keys()]).toEqual(['a', 'c'])
    expect(cache.get('b')).toBeUndefined()
  })

  it('forgets one entry, or all of them', () => {
    const cache = createLruCache<string, number>(3)
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.set(key, value)
    cache.delete('b')
    expect([...cache.keys()]).toEqual(['a', 'c'])
    cache.clear()
    expect(cache.size).toBe(0)
    expect(cache.get('a')).toBeUndefined()
  })

  it('refuses a size that keeps nothing', () => {
    expect(() => createLruCache(0)).toThrow(/at least one/)
  })
})
