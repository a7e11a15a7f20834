import { describe, expect, it } from 'vitest'
import { fakeClock } from '../test-support/console-app'
import { createRequestBudget } from './request-budget'

describe('the upstream request budget', () => {
  it('never lets more than its number start in any one second, bursts included', () => {
    const clock = fakeClock()
    const budget = createRequestBudget(10, clock.now)
    const starts: number[] = []
    // Asks every 7 ms for 10 s: far more than the budget.
    for (let step = 0; step < 1_430; step++) {
      if (budget.tryTake()) starts.push(clock.now())
      clock.advance(7)
    }
    for (const start of starts)
      expect(starts.filter((at) => at >= start && at < start + 1000).length).toBeLessThanOrEqual(10)
    // And it is spent: about 10 a second over 10 s.
    expect(starts.length).toBeGreaterThanOrEqual(95)
  })

  it('refuses a budget that is not a positive whole number', () => {
    expect(() => createRequestBudget(0, Date.now)).toThrow()
    expect(() => createRequestBudget(1.5, Date.now)).toThrow()
  })
})
