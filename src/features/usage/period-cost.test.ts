import { describe, expect, it } from 'vitest'
import { periodCost } from './period-cost'

describe('the period cost', () => {
  it('is the minutes used times rate_per_minute_dc, as raw figures', () => {
    expect(
      periodCost({ tier: { name: 'Scale', rate_per_minute_dc: 12 }, current_usage: { actual_minutes_used: 1234 } }),
    ).toEqual({
      minutes: 1234,
      rate: 12,
      cost: 14_808,
    })
  })

  it('is not worked out from a figure the service left out', () => {
    expect(
      periodCost({ tier: { name: 'Scale', rate_per_minute_dc: null }, current_usage: { actual_minutes_used: 5 } }),
    ).toBeNull()
    expect(periodCost({ tier: { name: 'Scale', rate_per_minute_dc: 12 }, current_usage: null })).toBeNull()
    expect(periodCost({ tier: null, current_usage: { actual_minutes_used: 5 } })).toBeNull()
  })
})
