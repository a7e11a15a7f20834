import { describe, expect, it } from 'vitest'
import { filterCallerIds, matchesCallerId } from './caller-id-match'

const support = { phone_number: '+14155550100', cnam_display_name: 'Acme Support' }
const sales = { phone_number: '+442071838750', cnam_display_name: 'Acme Sales' }
const unnamed = { phone_number: '+14155550199', cnam_display_name: null }

describe('matchesCallerId', () => {
  it('finds a part of the name in any case', () => {
    expect(matchesCallerId(support, 'support')).toBe(true)
    expect(matchesCallerId(support, '  ACME sup ')).toBe(true)
    expect(matchesCallerId(sales, 'support')).toBe(false)
    expect(matchesCallerId(unnamed, 'acme')).toBe(false)
  })

  it('finds the digits of the number whatever punctuation is typed', () => {
    expect(matchesCallerId(support, '+1415')).toBe(true)
    expect(matchesCallerId(support, '(415) 555-0100')).toBe(true)
    expect(matchesCallerId(sales, '020 7183')).toBe(false)
    expect(matchesCallerId(sales, '20 7183 8750')).toBe(true)
    expect(matchesCallerId(unnamed, '0199')).toBe(true)
  })

  it('does not read digits out of words', () => {
    expect(matchesCallerId(support, 'Room 5')).toBe(false)
    expect(matchesCallerId({ phone_number: '+15550001111', cnam_display_name: 'Room 5' }, 'room 5')).toBe(true)
  })

  it('finds every caller ID with a blank query', () => {
    expect(filterCallerIds([support, sales, unnamed], '  ')).toEqual([support, sales, unnamed])
    expect(filterCallerIds([support, sales, unnamed], 'acme')).toEqual([support, sales])
  })

  it('finds nothing with punctuation alone', () => {
    expect(matchesCallerId(support, '()')).toBe(false)
  })
})
