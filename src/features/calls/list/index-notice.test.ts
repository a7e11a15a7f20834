import { describe, expect, it } from 'vitest'
import { billedMinutesText, matchCount } from './index-notice'

describe('the count a view selects', () => {
  it('reads as a total once the index has everything', () => {
    expect(matchCount({ count: 8905, capped: false, counting: false })).toBe('8,905 calls')
    expect(matchCount({ count: 1, capped: false })).toBe('1 call')
    expect(matchCount({ count: 10000, capped: true })).toBe('10,000+ calls')
  })

  it('says "so far" while the index is still counting, never passing a partial count off as the total', () => {
    expect(matchCount({ count: 3000, capped: false, counting: true })).toBe('3,000 calls so far')
    expect(matchCount({ count: 1, capped: false, counting: true })).toBe('1 call so far')
  })

  it('names billed minutes in the singular and plural', () => {
    expect(billedMinutesText(608)).toBe('608 billed minutes')
    expect(billedMinutesText(1)).toBe('1 billed minute')
  })
})
