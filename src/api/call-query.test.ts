import { describe, expect, it } from 'vitest'
import { parseCallQuery, phoneDigits } from './call-query'

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
    expect(parseCallQuery('415 555')).toEqual([{ kind: 'number', digits: '415555' }])
    expect(parseCallQuery('(415) 555-0100')).toEqual([{ kind: 'number', digits: '4155550100' }])
    expect(parseCallQuery('+1415')).toEqual([{ kind: 'number', digits: '1415' }])
  })

  it('reads words as metadata values, lower-cased, and key:value as one key', () => {
    expect(parseCallQuery('T-1234')).toEqual([{ kind: 'text', text: 't-1234', key: null }])
    expect(parseCallQuery('ticket:ZX-8841')).toEqual([{ kind: 'text', text: 'zx-8841', key: 'ticket' }])
  })

  it('keeps quoted text whole, also after a key, and never as a number', () => {
    expect(parseCallQuery('note:"late payment" 415')).toEqual([
      { kind: 'text', text: 'late payment', key: 'note' },
      { kind: 'number', digits: '415' },
    ])
    expect(parseCallQuery('"4155"')).toEqual([{ kind: 'text', text: '4155', key: null }])
  })

  it('splits number fragments around a word, and drops fragments too short to narrow', () => {
    expect(parseCallQuery('415 T-1 555 0100')).toEqual([
      { kind: 'number', digits: '415' },
      { kind: 'text', text: 't-1', key: null },
      { kind: 'number', digits: '5550100' },
    ])
    expect(parseCallQuery('41')).toEqual([])
    expect(parseCallQuery('   ')).toEqual([])
  })

  it('reads an unclosed quote to the end', () => {
    expect(parseCallQuery('"late pay')).toEqual([{ kind: 'text', text: 'late pay', key: null }])
  })
})
