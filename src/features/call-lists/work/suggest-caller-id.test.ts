import { describe, expect, it } from 'vitest'
import { suggestCallerId } from './suggest-caller-id'

describe('suggestCallerId', () => {
  const verified = ['+442079460000', '+12125550100', '+14155550199']

  it('chooses the caller ID of the same area, else of the same country, else the first', () => {
    expect(suggestCallerId('+14155550123', verified)).toBe('+14155550199')
    expect(suggestCallerId('+13125550123', verified)).toBe('+12125550100')
    expect(suggestCallerId('+441614960000', verified)).toBe('+442079460000')
    expect(suggestCallerId('+33142685300', verified)).toBe('+442079460000')
  })

  it('never suggests the callee’s own number, and has none to suggest without another', () => {
    expect(suggestCallerId('+14155550199', verified)).toBe('+12125550100')
    expect(suggestCallerId('+14155550123', [])).toBeNull()
    expect(suggestCallerId('+14155550123', ['+14155550123'])).toBeNull()
  })

  it('prefers, of the caller IDs as near, one not flagged “answered less than usual”; a nearer flagged one still wins', () => {
    const sameArea = ['+14155550101', '+14155550199', '+12125550100']
    expect(suggestCallerId('+14155550123', sameArea, new Set(['+14155550101']))).toBe('+14155550199')
    expect(suggestCallerId('+14155550123', sameArea, new Set(['+14155550101', '+14155550199']))).toBe('+14155550101')
    expect(suggestCallerId('+14155550123', verified, new Set(['+14155550199']))).toBe('+14155550199')
  })
})
