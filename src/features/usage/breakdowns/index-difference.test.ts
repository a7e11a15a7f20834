import { describe, expect, it } from 'vitest'
import { indexDifference } from './index-difference'

const complete = { inFlight: 0, awaitingDetails: 0, listingComplete: true, syncedTo: '2026-11-20T10:00:00Z' }

describe('indexDifference', () => {
  it('says the sums agree when they do', () => {
    expect(indexDifference(412, 412, complete)).toEqual({
      difference: 0,
      reasons: [],
      text: "The days add up to 412 minutes, the same as the service's minutes used.",
    })
  })

  it('says by how much and why, from the coverage', () => {
    const result = indexDifference(400, 412, {
      inFlight: 2,
      awaitingDetails: 1,
      listingComplete: false,
      syncedTo: null,
    })
    expect(result.difference).toBe(-12)
    expect(result.text).toBe(
      "The days add up to 400 minutes, 12 fewer than the service's minutes used (412 minutes). " +
        'Why: 2 calls still in flight (billed once they end); 1 ended call whose details, and so billed minutes, ' +
        "are not fetched yet; the call index is still listing this period's calls.",
    )
  })

  it('never hides a difference the index cannot explain', () => {
    const result = indexDifference(1_205, 1_200, complete)
    expect(result.text).toContain('5 more than')
    expect(result.text).toContain('the difference is in how the service counts them')
  })

  it('says when there is nothing to compare with', () => {
    expect(indexDifference(3, null, complete).text).toContain('did not give its minutes used')
  })
})
