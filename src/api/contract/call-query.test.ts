import { describe, expect, it } from 'vitest'
import {
  MAX_SEARCH_TERMS,
  parseCallQuery,
  phoneDigits,
  shortTermsError,
  tooManyTermsError,
  tooShortTerms,
  withoutShortTerms,
} from './call-query'

describe('phoneDigits', () => {
  it.each([
    ['(415) 555-0100', '4155550100'],
    ['+1415', '1415'],
    ['415.555', '415555'],
    ['+44 20 7183 8750', '442071838750'],
  ])('reads %j as %j', (typed, digits) => expect(phoneDigits(typed)).toBe(digits))
})

describe('parseCallQuery', () => {
  it('joins neighbouring number tokens into one fragment', () => {
    expect(parseCallQuery('415 555')).toEqual([{ kind: 'number', digits: '415555', texts: ['415 555', '415555'] }])
    expect(parseCallQuery('(415) 555-0100')).toEqual([
      { kind: 'number', digits: '4155550100', texts: ['(415) 555-0100', '4155550100'] },
    ])
    expect(parseCallQuery('+1415')).toEqual([{ kind: 'number', digits: '1415', texts: ['+1415', '1415'] }])
  })

  it('lets a number fragment match a metadata value as typed: "4821" is also a part of "T-4821"', () => {
    expect(parseCallQuery('4821')).toEqual([{ kind: 'number', digits: '4821', texts: ['4821'] }])
  })

  it('reads words as metadata values, lower-cased, and key:value as one key', () => {
    expect(parseCallQuery('T-1234')).toEqual([{ kind: 'text', text: 't-1234', key: null }])
    expect(parseCallQuery('ticket:ZX-8841')).toEqual([{ kind: 'text', text: 'zx-8841', key: 'ticket' }])
  })

  it('keeps quoted text whole, also after a key, and never as a number', () => {
    expect(parseCallQuery('note:"late payment" 415')).toEqual([
      { kind: 'text', text: 'late payment', key: 'note' },
      { kind: 'number', digits: '415', texts: ['415'] },
    ])
    expect(parseCallQuery('"4155"')).toEqual([{ kind: 'text', text: '4155', key: null }])
  })

  it('splits number fragments around a word, and leaves out terms too short to search', () => {
    expect(parseCallQuery('415 T-1 555 0100')).toEqual([
      { kind: 'number', digits: '415', texts: ['415'] },
      { kind: 'text', text: 't-1', key: null },
      { kind: 'number', digits: '5550100', texts: ['555 0100', '5550100'] },
    ])
    expect(parseCallQuery('41')).toEqual([])
    expect(parseCallQuery('ab T-1')).toEqual([{ kind: 'text', text: 't-1', key: null }])
    expect(parseCallQuery('   ')).toEqual([])
  })

  it('searches a short value within a key', () => {
    expect(parseCallQuery('lang:en')).toEqual([{ kind: 'text', text: 'en', key: 'lang' }])
    expect(tooShortTerms('lang:en')).toEqual([])
  })

  it('reads an unclosed quote to the end', () => {
    expect(parseCallQuery('"late pay')).toEqual([{ kind: 'text', text: 'late pay', key: null }])
  })
})

describe('terms too short to search', () => {
  it('names them as typed: fewer than 3 digits of a number, fewer than 3 characters of a word', () => {
    expect(tooShortTerms('41')).toEqual(['41'])
    expect(tooShortTerms('+1 T-4821 ab é')).toEqual(['+1', 'ab', 'é'])
    expect(tooShortTerms('(41) 5')).toEqual([])
    expect(tooShortTerms('"ab"')).toEqual(['"ab"'])
    expect(tooShortTerms('T-4821 4821')).toEqual([])
  })

  it('counts characters, not UTF-16 units', () => {
    expect(tooShortTerms('😀😀')).toEqual(['😀😀'])
    expect(tooShortTerms('😀😀😀')).toEqual([])
  })

  it('leaves them out of the query the dashboard sends', () => {
    expect(withoutShortTerms('ab T-4821  41')).toBe('T-4821')
    expect(withoutShortTerms('note:"late payment" x')).toBe('note:"late payment"')
    expect(withoutShortTerms('ab')).toBe('')
  })

  it('says why the console refuses them', () => {
    expect(shortTermsError('T-4821')).toBeNull()
    expect(shortTermsError('48')).toBe(
      '“48” is too short to search: type 3 characters or more (3 digits of a number), or name a key (ticket:48).',
    )
    expect(shortTermsError('ab 48')).toMatch(/^“ab”, “48” are too short to search/)
  })
})

describe('tooManyTermsError', () => {
  it('lets a query of up to MAX_SEARCH_TERMS terms through, counting a number typed in parts as one', () => {
    const words = Array.from({ length: MAX_SEARCH_TERMS }, (_, i) => `word${i}`)
    expect(tooManyTermsError(words.join(' '))).toBeNull()
    expect(tooManyTermsError(`${words.slice(1).join(' ')} (415) 555-0100`)).toBeNull()
  })

  it('refuses one more, saying how many it has and how many it takes', () => {
    const words = Array.from({ length: MAX_SEARCH_TERMS + 1 }, (_, i) => `word${i}`)
    expect(tooManyTermsError(words.join(' '))).toBe(
      `This search has ${MAX_SEARCH_TERMS + 1} terms; search with ${MAX_SEARCH_TERMS} at most (every call must match them all, so the few that tell calls apart are enough).`,
    )
  })
})
