import { describe, expect, it } from 'vitest'
import { type SuggestionFacts, suggestCallerId } from './caller-id-suggestion'

const SAN_FRANCISCO = '+14155550100'
const SAN_FRANCISCO_2 = '+14155550111'
const NEW_YORK = '+12125550100'
const TORONTO = '+14165550100'
const LONDON = '+442071838750'
const MANCHESTER = '+441612345678'

const facts = (overrides: Partial<SuggestionFacts>): SuggestionFacts => ({
  destination: '+14155550199',
  callerIds: [NEW_YORK, LONDON, SAN_FRANCISCO],
  lastUsed: null,
  flagged: new Set(),
  formatDay: (iso) => `day ${iso.slice(0, 10)}`,
  ...overrides,
})

describe('suggestCallerId', () => {
  it('suggests the caller ID last used for the number first, with its day', () => {
    expect(suggestCallerId(facts({ lastUsed: { callerId: LONDON, createdAt: '2026-12-03T15:00:00Z' } }))).toEqual({
      callerId: LONDON,
      reason: 'Last used for this number on day 2026-12-03',
    })
  })

  it('passes over a last used caller ID that is no longer verified', () => {
    const lastUsed = { callerId: '+13125550177', createdAt: '2026-12-03T15:00:00Z' }
    expect(suggestCallerId(facts({ lastUsed }))).toEqual({
      callerId: SAN_FRANCISCO,
      reason: 'Same area code as the destination',
    })
  })

  it('then one with the destination’s area code, in any country that shares its calling code', () => {
    expect(suggestCallerId(facts({ destination: '+14165550199', callerIds: [SAN_FRANCISCO, TORONTO] }))).toEqual({
      callerId: TORONTO,
      reason: 'Same area code as the destination',
    })
    expect(suggestCallerId(facts({ destination: '+442079460000', callerIds: [MANCHESTER, LONDON] }))).toEqual({
      callerId: LONDON,
      reason: 'Same area code as the destination',
    })
  })

  it('then one of the same country, not a neighbour sharing the calling code', () => {
    expect(suggestCallerId(facts({ destination: '+13105550100', callerIds: [TORONTO, LONDON, NEW_YORK] }))).toEqual({
      callerId: NEW_YORK,
      reason: 'Same country as the destination',
    })
    expect(suggestCallerId(facts({ destination: '+13105550100', callerIds: [TORONTO, LONDON] }))).toBeNull()
  })

  it('prefers one not flagged "answered less than usual" within a rank, and takes a flagged one over none', () => {
    const callerIds = [SAN_FRANCISCO, SAN_FRANCISCO_2]
    expect(suggestCallerId(facts({ callerIds, flagged: new Set([SAN_FRANCISCO]) }))?.callerId).toBe(SAN_FRANCISCO_2)
    expect(suggestCallerId(facts({ callerIds, flagged: new Set(callerIds) }))?.callerId).toBe(SAN_FRANCISCO)
  })

  it('suggests nothing for a number that is not valid', () => {
    expect(suggestCallerId(facts({ destination: '+1415' }))).toBeNull()
  })
})
