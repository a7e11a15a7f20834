import { parseSearchWith } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { linkNumber, readNewCallLink } from './new-call-link'
import { newCallSearchSchema } from './new-call-search'

// The router's own reading of a query string (JSON values), then the route's schema: what the page gets.
const parseSearch = parseSearchWith(JSON.parse)
const searchOf = (query: string) => newCallSearchSchema.parse(parseSearch(query))
const linkOf = (query: string) => readNewCallLink(searchOf(query))
const rowsOf = (query: string) => linkOf(query)?.values.metadataRows.map(({ key, value }) => [key, value])

describe('newCallSearchSchema', () => {
  it('keeps every param as text, whatever the router read it as', () => {
    expect(searchOf('?to=4155550100&record=1&caller_id=%2B14155550100&meta.attempt=2&meta.vip=true')).toEqual({
      to: '4155550100',
      record: '1',
      caller_id: '+14155550100',
      'meta.attempt': '2',
      'meta.vip': 'true',
    })
  })

  it('reads a param of another shape as absent instead of failing the page', () => {
    expect(searchOf('?to=%5B1%2C2%5D&record=%7B%22a%22%3A1%7D')).toEqual({ to: undefined, record: undefined })
  })
})

describe('readNewCallLink', () => {
  it('fills every field of the form from a link', () => {
    const link = linkOf('?to=%2B15005550002&caller_id=%2B14155550100&record=1&meta.ticket=SUP-1043&meta.attempt=2')
    expect(link).toMatchObject({
      from: 'link',
      fromCallId: null,
      values: { callerId: '+14155550100', destination: '+15005550002', record: true },
    })
    expect(rowsOf('?to=%2B15005550002&meta.ticket=SUP-1043&meta.attempt=2')).toEqual([
      ['ticket', 'SUP-1043'],
      ['attempt', '2'],
    ])
  })

  it('has nothing to fill from a link without its params', () => {
    expect(linkOf('')).toBeNull()
    expect(linkOf('?utm_source=crm')).toBeNull()
  })

  it('reads a `tel:` URI the browser handed over as the destination', () => {
    expect(linkOf('?tel=tel%3A%2B1-415-555-0100%3Bext%3D12')?.values.destination).toBe('+14155550100')
  })

  it('records only when asked in so many words', () => {
    for (const [record, expected] of [
      ['1', true],
      ['true', true],
      ['yes', true],
      ['0', false],
      ['false', false],
      ['', false],
    ] as const) {
      expect(linkOf(`?to=%2B15005550002&record=${record}`)?.values.record).toBe(expected)
    }
  })

  it('drops a metadata param without a key', () => {
    expect(rowsOf('?meta.=lost&meta.ok=kept&meta=nokey')).toEqual([['ok', 'kept']])
  })
})

describe('linkNumber', () => {
  it.each([
    ['+1 (415) 555-0100', '+14155550100'],
    ['(415) 555-0100', '+14155550100'],
    ['415.555.0100', '+14155550100'],
    ['tel:+44-20-7183-8750', '+442071838750'],
    // An unencoded + reads as a space, and the router then reads the digits as a number.
    [' 442071838750', '+442071838750'],
    ['442071838750', '+442071838750'],
    [' 1 415 555 0100', '+14155550100'],
    ['14155550100', '+14155550100'],
  ])('reads %s as %s', (text, e164) => {
    expect(linkNumber(text)).toBe(e164)
  })

  it('keeps what is not a number as the link held it, for the field to show with its error', () => {
    expect(linkNumber('+1 415 555 010')).toBe('+1 415 555 010')
    expect(linkNumber('call me')).toBe('call me')
    expect(linkNumber('tel:+1-415-%zz')).toBe('+1415%zz')
    expect(linkNumber(undefined)).toBe('')
  })
})
