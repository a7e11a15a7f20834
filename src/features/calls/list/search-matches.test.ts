import { describe, expect, it } from 'vitest'
import { parseCallQuery } from '@/api/contract/call-query'
import { matchedMetadata, numberMatches, textMatches } from './search-matches'

const terms = (query: string) => parseCallQuery(query)

describe('numberMatches', () => {
  it('spans the punctuation between the digits a person typed', () => {
    expect(numberMatches('+1 415-555-0100', terms('415 555'))).toEqual([[3, 10]])
  })

  it('finds the country code typed with a plus, and every occurrence', () => {
    expect(numberMatches('+1 415-555-0100', terms('+1415'))).toEqual([[1, 6]])
    expect(numberMatches('+1 212 555 1212', terms('1212'))).toEqual([
      [1, 6],
      [11, 15],
    ])
  })

  it('marks nothing for text terms or a number that is not there', () => {
    expect(numberMatches('+1 415-555-0100', terms('T-1234 999'))).toEqual([])
  })
})

describe('textMatches and matchedMetadata', () => {
  it('matches any part of a value, whatever its case', () => {
    expect(textMatches('ZX-8841', 'ticket', terms('zx-88'))).toEqual([[0, 5]])
  })

  it('limits key:value terms to their key, compared case-insensitively', () => {
    const metadata = { Ticket: 'ZX-8841', note: 'see ZX-8841' }
    expect(matchedMetadata(metadata, terms('ticket:zx-8841'))).toEqual([
      { key: 'Ticket', value: 'ZX-8841', ranges: [[0, 7]] },
    ])
    expect(matchedMetadata(metadata, terms('ZX-8841')).map((entry) => entry.key)).toEqual(['Ticket', 'note'])
  })

  it('marks a number fragment found in a value: "4821" in "T-4821", "(415) 555-0100" as its digits', () => {
    expect(matchedMetadata({ ticket: 'T-4821' }, terms('4821'))).toEqual([
      { key: 'ticket', value: 'T-4821', ranges: [[2, 6]] },
    ])
    expect(matchedMetadata({ customer: '14155550100' }, terms('(415) 555-0100'))).toEqual([
      { key: 'customer', value: '14155550100', ranges: [[1, 11]] },
    ])
  })

  it('reads values that are not strings as JSON, and matches nothing a term does not hold', () => {
    expect(matchedMetadata({ attempt: 3, tags: ['vip'] }, terms('vip'))).toEqual([
      { key: 'tags', value: '["vip"]', ranges: [[2, 5]] },
    ])
    expect(matchedMetadata({ ticket: 'T-415' }, terms('415 555'))).toEqual([])
  })
})
