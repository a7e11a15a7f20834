import { describe, expect, it } from 'vitest'
import { canResume, unionOfWatches } from './watch-union'

describe('the union of watched calls', () => {
  it('merges the tabs, keeps an id once at its latest, and caps at the most recent', () => {
    const union = unionOfWatches(
      [
        [
          { id: 'call_a', since: 1 },
          { id: 'call_b', since: 5 },
        ],
        [
          { id: 'call_a', since: 9 },
          { id: 'call_c', since: 3 },
        ],
      ],
      2,
    )
    expect(union).toEqual(['call_a', 'call_b'])
    expect(unionOfWatches([], 20)).toEqual([])
  })

  it('resumes only when the new stream asks for nothing the last one did not watch', () => {
    expect(canResume(['call_a', 'call_b'], ['call_a'])).toBe(true)
    expect(canResume(['call_a'], ['call_a', 'call_b'])).toBe(false)
  })
})
